/**
 * The driver's cash-up and the Tips Act's month (decision 1701). Pure: integer pence, dates as London 'YYYY-MM-DD'
 * and months as 'YYYY-MM', today passed in.
 *
 * A shift: the float goes out with the driver; every cash order they deliver that day adds its total to the cash
 * they should bring back. Expected back = float + cash expected; variance = handed in - expected back. Pay is drops x
 * pay per drop. Tips are the delivered orders' tips, card and cash, in full: they are never netted against a
 * shortage, a fee or the pay (Employment (Allocation of Tips) Act 2023), so they stand apart from the variance.
 */
import { formatPounds } from './money';
import type { PaymentType } from './payment-types';
import { driverTip } from './tips';

/** One delivered stop of the driver's day, as the cash-up reads it. */
export interface DeliveredStop {
  paymentType: PaymentType;
  /** The order's total, pence (the tip included): what a cash customer pays at the door. */
  total: number;
  tip: number;
  refundedTotal: number;
  /** Pence the driver said they took at the door; null for a card order or when not reported. */
  cashCollected: number | null;
}

export interface ShiftInput {
  floatPence: number;
  stops: readonly DeliveredStop[];
  /** Pence counted back at the close; null while the shift is open. */
  cashHandedIn: number | null;
  payPerDrop: number;
}

export type Balance = 'short' | 'over' | 'balanced';

export interface ShiftFigures {
  drops: number;
  cashOrders: number;
  cardOrders: number;
  /** The cash orders' totals. */
  cashExpected: number;
  /** What the driver reported taking at the doors of cash orders. */
  cashCollected: number;
  /** float + cashExpected. */
  expectedBack: number;
  cashHandedIn: number | null;
  /** handedIn - expectedBack: negative short, positive over; null until handed in. */
  variance: number | null;
  balance: Balance | null;
  /** drops x payPerDrop. */
  pay: number;
  /** The delivered orders' tips less any of them refunded (domain/tips.ts), in full. */
  tips: number;
}

export function shiftFigures(input: ShiftInput): ShiftFigures {
  let cashOrders = 0;
  let cashExpected = 0;
  let cashCollected = 0;
  let tips = 0;
  for (const stop of input.stops) {
    if (stop.paymentType === 'Cash') {
      cashOrders += 1;
      cashExpected += stop.total;
      cashCollected += stop.cashCollected ?? 0;
    }
    tips += driverTip(stop);
  }
  const drops = input.stops.length;
  const expectedBack = input.floatPence + cashExpected;
  const variance = input.cashHandedIn === null ? null : input.cashHandedIn - expectedBack;
  return {
    drops,
    cashOrders,
    cardOrders: drops - cashOrders,
    cashExpected,
    cashCollected,
    expectedBack,
    cashHandedIn: input.cashHandedIn,
    variance,
    balance: variance === null ? null : balanceOf(variance),
    pay: drops * input.payPerDrop,
    tips,
  };
}

export function balanceOf(variance: number): Balance {
  if (variance < 0) return 'short';
  return variance > 0 ? 'over' : 'balanced';
}

/** 'SHORT £2.50', 'OVER £1.00', 'Balanced'. */
export function varianceLine(variance: number): string {
  const balance = balanceOf(variance);
  if (balance === 'balanced') return 'Balanced';
  return `${balance.toUpperCase()} ${formatPounds(Math.abs(variance))}`;
}

// --- The Tips Act's month ----------------------------------------------------------------------------------

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonthKey(value: string): boolean {
  return MONTH_PATTERN.test(value);
}

function monthParts(month: string): { year: number; month: number } {
  const [year, m] = month.split('-').map(Number);
  return { year: year ?? 0, month: m ?? 0 };
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The month a London date ('2026-11-18') is in: '2026-11'. */
export function monthOfDate(date: string): string {
  return date.slice(0, 7);
}

/** The month after: '2026-12' for '2026-11', '2027-01' for '2026-12'. */
export function nextMonth(month: string): string {
  const { year, month: m } = monthParts(month);
  return m === 12 ? `${year + 1}-01` : `${year}-${pad(m + 1)}`;
}

/** The first and last London dates of a month. */
export function monthDates(month: string): { first: string; last: string } {
  const { year, month: m } = monthParts(month);
  const days = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${pad(days)}` };
}

/** When tips customers paid in `month` must have been paid out: the last day of the month after. */
export function tipsDueDate(month: string): string {
  return monthDates(nextMonth(month)).last;
}

/** 'November 2026'. */
export function monthLabel(month: string): string {
  const { year, month: m } = monthParts(month);
  const name = new Date(Date.UTC(year, m - 1, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
  return `${name} ${year}`;
}

/**
 * - open: the month is not over, its tips are still coming in;
 * - due: over, not yet paid in full, the due date not passed;
 * - overdue: not paid in full after the due date;
 * - paid: paid in full.
 */
export const TIP_MONTH_STATUSES = ['open', 'due', 'overdue', 'paid'] as const;
export type TipMonthStatus = (typeof TIP_MONTH_STATUSES)[number];

export interface TipMonthInput {
  month: string;
  /** Pence of tips the worker received that month (in full: domain/tips.ts driverTip). */
  received: number;
  /** Pence paid out to them for it so far. */
  paid: number;
  /** When the last pay-out was made, as a London date; null when none. */
  paidOn: string | null;
  today: string;
}

export interface TipMonth {
  dueDate: string;
  /** received - paid, never below 0: what is still owed. */
  outstanding: number;
  status: TipMonthStatus;
  /** Paid in full, but after the due date. */
  paidLate: boolean;
}

export function tipMonth(input: TipMonthInput): TipMonth {
  const dueDate = tipsDueDate(input.month);
  const outstanding = Math.max(0, input.received - input.paid);
  const monthOver = input.today > monthDates(input.month).last;
  let status: TipMonthStatus;
  if (outstanding === 0 && input.paid > 0) status = 'paid';
  else if (!monthOver) status = 'open';
  else status = input.today > dueDate ? 'overdue' : 'due';
  return { dueDate, outstanding, status, paidLate: status === 'paid' && input.paidOn !== null && input.paidOn > dueDate };
}

export type TipPayoutRefusal = 'MONTH_NOT_OVER' | 'NOTHING_TO_PAY' | 'NOT_IN_FULL';

/**
 * Whether `amount` pence may be paid out to a worker for their tips of `month`. A pay-out is what is owed, exactly:
 * less would be a part payment or a deduction, which the Act forbids; more is not a tip. The month must be over, so
 * no tip of it comes after its pay-out.
 */
export function checkTipPayout(input: {
  month: string;
  received: number;
  paid: number;
  amount: number;
  today: string;
  workerName: string;
}): { ok: true } | { ok: false; reason: TipPayoutRefusal; message: string } {
  const label = monthLabel(input.month);
  if (input.today <= monthDates(input.month).last) {
    return {
      ok: false,
      reason: 'MONTH_NOT_OVER',
      message: `${label} is not over: its tips can be paid out from ${monthDates(nextMonth(input.month)).first}, when all of them are in`,
    };
  }
  const owed = Math.max(0, input.received - input.paid);
  if (owed === 0) {
    return {
      ok: false,
      reason: 'NOTHING_TO_PAY',
      message:
        input.received === 0
          ? `${input.workerName} received no tips in ${label}: there is nothing to pay out`
          : `${input.workerName}'s tips of ${label} are paid out in full already`,
    };
  }
  if (input.amount !== owed) {
    const words =
      input.amount < owed ? 'Tips are paid out in full, with no deduction and no part payment' : 'A pay-out is the tips received, no more';
    return {
      ok: false,
      reason: 'NOT_IN_FULL',
      message: `${words}: ${input.workerName} is owed ${formatPounds(owed)} of tips for ${label}, not ${formatPounds(input.amount)}`,
    };
  }
  return { ok: true };
}
