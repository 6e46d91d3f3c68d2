import { describe, expect, it } from 'vitest';
import {
  checkTipPayout,
  monthDates,
  monthLabel,
  nextMonth,
  shiftFigures,
  tipMonth,
  tipsDueDate,
  varianceLine,
  type DeliveredStop,
} from './driver-cash-up';

const cash = (total: number, tip = 0, cashCollected: number | null = total): DeliveredStop => ({
  paymentType: 'Cash',
  total,
  tip,
  refundedTotal: 0,
  cashCollected,
});
const card = (total: number, tip = 0, refundedTotal = 0): DeliveredStop => ({
  paymentType: 'Card',
  total,
  tip,
  refundedTotal,
  cashCollected: null,
});

describe('shiftFigures: expected back = float + cash orders; variance = handed in - expected back', () => {
  it.each([
    {
      label: 'a cash order handed in to the penny: balanced',
      input: { floatPence: 2000, stops: [cash(2550, 200)], cashHandedIn: 4550, payPerDrop: 150 },
      want: {
        drops: 1,
        cashOrders: 1,
        cardOrders: 0,
        cashExpected: 2550,
        cashCollected: 2550,
        expectedBack: 4550,
        variance: 0,
        balance: 'balanced',
        pay: 150,
        tips: 200,
      },
    },
    {
      label: 'short by £2.50: the tip is still the driver’s in full',
      input: { floatPence: 2000, stops: [cash(2550, 200)], cashHandedIn: 4300, payPerDrop: 150 },
      want: { expectedBack: 4550, variance: -250, balance: 'short', pay: 150, tips: 200 },
    },
    {
      label: 'over by £1',
      input: { floatPence: 0, stops: [cash(1800)], cashHandedIn: 1900, payPerDrop: 0 },
      want: { variance: 100, balance: 'over' },
    },
    {
      label: 'card orders bring no cash back but count as drops and tips',
      input: { floatPence: 1000, stops: [card(2000, 300), card(1500), cash(1250, 100, 1300)], cashHandedIn: 2250, payPerDrop: 100 },
      want: {
        drops: 3,
        cashOrders: 1,
        cardOrders: 2,
        cashExpected: 1250,
        cashCollected: 1300,
        expectedBack: 2250,
        variance: 0,
        pay: 300,
        tips: 400,
      },
    },
    {
      label: 'a card order refunded whole gives its tip back; a partial refund leaves it',
      input: { floatPence: 0, stops: [card(2300, 300, 2300), card(2300, 300, 500)], cashHandedIn: 0, payPerDrop: 100 },
      want: { tips: 300, variance: 0, pay: 200 },
    },
    {
      label: 'open: nothing handed in yet, no variance',
      input: { floatPence: 2000, stops: [cash(2550)], cashHandedIn: null, payPerDrop: 150 },
      want: { expectedBack: 4550, cashHandedIn: null, variance: null, balance: null },
    },
    {
      label: 'no deliveries: the float alone comes back',
      input: { floatPence: 2000, stops: [], cashHandedIn: 2000, payPerDrop: 150 },
      want: { drops: 0, cashExpected: 0, expectedBack: 2000, variance: 0, balance: 'balanced', pay: 0, tips: 0 },
    },
  ])('$label', ({ input, want }) => {
    expect(shiftFigures(input)).toMatchObject(want);
  });
});

describe('varianceLine', () => {
  it.each([
    { variance: -250, line: 'SHORT £2.50' },
    { variance: 100, line: 'OVER £1.00' },
    { variance: 0, line: 'Balanced' },
    { variance: -1, line: 'SHORT £0.01' },
  ])('$variance: $line', ({ variance, line }) => {
    expect(varianceLine(variance)).toBe(line);
  });
});

describe('months', () => {
  it.each([
    { month: '2026-11', next: '2026-12', first: '2026-11-01', last: '2026-11-30', due: '2026-12-31', label: 'November 2026' },
    { month: '2026-12', next: '2027-01', first: '2026-12-01', last: '2026-12-31', due: '2027-01-31', label: 'December 2026' },
    { month: '2027-01', next: '2027-02', first: '2027-01-01', last: '2027-01-31', due: '2027-02-28', label: 'January 2027' },
    { month: '2028-01', next: '2028-02', first: '2028-01-01', last: '2028-01-31', due: '2028-02-29', label: 'January 2028' },
  ])('$month: due by $due', ({ month, next, first, last, due, label }) => {
    expect(nextMonth(month)).toBe(next);
    expect(monthDates(month)).toEqual({ first, last });
    expect(tipsDueDate(month)).toBe(due);
    expect(monthLabel(month)).toBe(label);
  });
});

describe('tipMonth: open, due, overdue, paid', () => {
  it.each([
    {
      label: 'the month is still going',
      input: { received: 500, paid: 0, paidOn: null, today: '2026-11-18' },
      status: 'open',
      outstanding: 500,
    },
    {
      label: 'over, due by the end of December',
      input: { received: 500, paid: 0, paidOn: null, today: '2026-12-01' },
      status: 'due',
      outstanding: 500,
    },
    { label: 'the due date itself', input: { received: 500, paid: 0, paidOn: null, today: '2026-12-31' }, status: 'due', outstanding: 500 },
    { label: 'unpaid past it', input: { received: 500, paid: 0, paidOn: null, today: '2027-01-01' }, status: 'overdue', outstanding: 500 },
    {
      label: 'paid in full',
      input: { received: 500, paid: 500, paidOn: '2026-12-05', today: '2027-03-01' },
      status: 'paid',
      outstanding: 0,
    },
    {
      label: 'a tip after the pay-out still owed',
      input: { received: 700, paid: 500, paidOn: '2026-12-05', today: '2027-01-02' },
      status: 'overdue',
      outstanding: 200,
    },
    {
      label: 'a refund after the pay-out owes nothing',
      input: { received: 300, paid: 500, paidOn: '2026-12-05', today: '2027-01-02' },
      status: 'paid',
      outstanding: 0,
    },
  ])('$label: $status', ({ input, status, outstanding }) => {
    expect(tipMonth({ month: '2026-11', ...input })).toMatchObject({ dueDate: '2026-12-31', status, outstanding, paidLate: false });
  });

  it('a pay-out after the due date is paid, and late', () => {
    expect(tipMonth({ month: '2026-11', received: 500, paid: 500, paidOn: '2027-01-04', today: '2027-01-04' })).toMatchObject({
      status: 'paid',
      paidLate: true,
    });
  });
});

describe('checkTipPayout: what is owed, exactly, once the month is over', () => {
  const base = { month: '2026-11', received: 1250, paid: 0, today: '2026-12-02', workerName: 'Dee' };
  it.each([
    { label: 'in full', input: { amount: 1250 }, result: { ok: true } },
    {
      label: 'a part payment',
      input: { amount: 1000 },
      result: {
        ok: false,
        reason: 'NOT_IN_FULL',
        message:
          'Tips are paid out in full, with no deduction and no part payment: Dee is owed £12.50 of tips for November 2026, not £10.00',
      },
    },
    {
      label: 'more than received',
      input: { amount: 1300 },
      result: {
        ok: false,
        reason: 'NOT_IN_FULL',
        message: 'A pay-out is the tips received, no more: Dee is owed £12.50 of tips for November 2026, not £13.00',
      },
    },
    {
      label: 'the month not over',
      input: { amount: 1250, today: '2026-11-30' },
      result: {
        ok: false,
        reason: 'MONTH_NOT_OVER',
        message: 'November 2026 is not over: its tips can be paid out from 2026-12-01, when all of them are in',
      },
    },
    { label: 'paid already', input: { amount: 1250, paid: 1250 }, result: { ok: false, reason: 'NOTHING_TO_PAY' } },
    { label: 'the rest after a late tip', input: { amount: 250, paid: 1000 }, result: { ok: true } },
    {
      label: 'no tips',
      input: { amount: 0, received: 0 },
      result: { ok: false, reason: 'NOTHING_TO_PAY', message: 'Dee received no tips in November 2026: there is nothing to pay out' },
    },
  ])('$label', ({ input, result }) => {
    expect(checkTipPayout({ ...base, ...input })).toMatchObject(result);
  });
});
