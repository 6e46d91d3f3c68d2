/**
 * The driver's cash-up and the tips' pay-out (decision 1701). Money in pounds on the wire, pence once parsed.
 *
 * - `GET /api/driver-shifts?date=` (cashUp): each driver who delivered that London day or has a shift on it, with
 *   the day's figures (domain/driver-cash-up.ts); `POST /api/driver-shifts {driverId, date, float}` opens one (one
 *   per driver and day), `POST /api/driver-shifts/:id/close {cashHandedIn, note?}` closes it.
 * - `GET /api/reports/tip-payouts?month=` (reports): per worker, the month's tips, what was paid out, the due date and
 *   the status; `GET /api/reports/tip-payouts.csv?month=` one line per tip for the accountant;
 *   `POST /api/tip-payouts {workerId, month, amount, method}` (cashUp) records a pay-out, in full only.
 * - `GET /api/driver/tips?from=&to=` (ownDeliveries): the signed-in worker's own statement.
 */
import { z } from 'zod';
import { isMonthKey, TIP_MONTH_STATUSES } from '../domain/driver-cash-up';
import { auditDateSchema } from './audit';
import { poundsAsPence } from './pounds';

export const DRIVER_SHIFTS_PATH = '/api/driver-shifts';
export const TIP_PAYOUTS_REPORT_PATH = '/api/reports/tip-payouts';
export const TIP_PAYOUTS_CSV_PATH = '/api/reports/tip-payouts.csv';
export const TIP_PAYOUTS_PATH = '/api/tip-payouts';
export const DRIVER_TIPS_PATH = '/api/driver/tips';

/** The most a float or a count of cash handed in may be, pounds. */
export const MAX_FLOAT_POUNDS = 1000;
export const MAX_HANDED_IN_POUNDS = 10_000;
export const MAX_SHIFT_NOTE_LENGTH = 500;

const idField = (name: string) => z.string(`${name} must be an id`).regex(/^[0-9a-f]{24}$/, `${name} must be an id`);

const MONTH_MESSAGE = 'must be a month as YYYY-MM';
export const monthSchema = (field: string) => z.string(`${field} ${MONTH_MESSAGE}`).refine(isMonthKey, `${field} ${MONTH_MESSAGE}`);

export const personSchema = z.strictObject({ id: z.string(), name: z.string() });
export type Person = z.infer<typeof personSchema>;

// --- Shifts ------------------------------------------------------------------------------------------------

/** `GET /api/driver-shifts?date=`: a London date; today by default. */
export const driverShiftsQuerySchema = z.strictObject({ date: auditDateSchema('date').optional() });
export type DriverShiftsQuery = z.infer<typeof driverShiftsQuerySchema>;

export const SHIFT_BALANCES = ['short', 'over', 'balanced'] as const;

/** One driver's day: their shift (null until opened) and the figures, pounds. */
export const driverShiftWireSchema = z.strictObject({
  driver: personSchema,
  date: z.string(),
  /** Null while no shift is opened for the driver that day. */
  shift: z
    .strictObject({
      id: z.string(),
      openedAt: z.string(),
      closedAt: z.string().nullable(),
      note: z.string(),
    })
    .nullable(),
  float: z.number(),
  drops: z.number().int(),
  cashOrders: z.number().int(),
  cardOrders: z.number().int(),
  /** The cash orders' totals delivered that day. */
  cashExpected: z.number(),
  /** What the driver reported taking at the doors. */
  cashCollected: z.number(),
  /** float + cashExpected. */
  expectedBack: z.number(),
  cashHandedIn: z.number().nullable(),
  /** handed in - expected back: negative short, positive over; null until closed. */
  variance: z.number().nullable(),
  balance: z.enum(SHIFT_BALANCES).nullable(),
  /** 'SHORT £2.50', 'OVER £1.00', 'Balanced'; null until closed. */
  varianceText: z.string().nullable(),
  /** Pounds a drop: the shift's own once closed, the shop's setting while open. */
  payPerDrop: z.number(),
  pay: z.number(),
  /** The delivered orders' tips, in full: apart from the variance and the pay. */
  tips: z.number(),
  /** Stops picked up and not delivered: the shift cannot close while there are any. */
  onTheRoad: z.number().int(),
});
export type DriverShiftWire = z.infer<typeof driverShiftWireSchema>;

export const driverShiftsAnswerSchema = z.strictObject({
  date: z.string(),
  /** The shop's pay per drop now, pounds. */
  payPerDrop: z.number(),
  /** Drivers first by name. */
  shifts: z.array(driverShiftWireSchema),
  /** The shop's drivers, to open a shift for. */
  drivers: z.array(personSchema),
});
export type DriverShiftsAnswer = z.infer<typeof driverShiftsAnswerSchema>;

export const openShiftBodySchema = z.strictObject({
  driverId: idField('driverId'),
  date: auditDateSchema('date'),
  float: poundsAsPence('float', MAX_FLOAT_POUNDS, '20.00'),
});
export type OpenShiftBody = z.input<typeof openShiftBodySchema>;

const NOTE_MESSAGE = `note must be text of up to ${MAX_SHIFT_NOTE_LENGTH} characters`;
export const closeShiftBodySchema = z.strictObject({
  cashHandedIn: poundsAsPence('cashHandedIn', MAX_HANDED_IN_POUNDS, '45.50'),
  note: z.string(NOTE_MESSAGE).trim().max(MAX_SHIFT_NOTE_LENGTH, NOTE_MESSAGE).optional(),
});
export type CloseShiftBody = z.input<typeof closeShiftBodySchema>;

// --- Tips' pay-out -----------------------------------------------------------------------------------------

/** A month (YYYY-MM); the month before this one by default, the one to pay out. */
export const tipPayoutsQuerySchema = z.strictObject({ month: monthSchema('month').optional() });
export type TipPayoutsQuery = z.infer<typeof tipPayoutsQuerySchema>;

export const TIP_PAYOUT_METHODS = ['payroll', 'cash'] as const;
export type TipPayoutMethod = (typeof TIP_PAYOUT_METHODS)[number];

export const workerTipMonthSchema = z.strictObject({
  worker: personSchema,
  month: z.string(),
  /** Orders whose tip is theirs. */
  orders: z.number().int(),
  /** Pounds received, in full. */
  received: z.number(),
  paid: z.number(),
  outstanding: z.number(),
  /** The last day of the following month. */
  dueDate: z.string(),
  status: z.enum(TIP_MONTH_STATUSES),
  paidAt: z.string().nullable(),
  method: z.enum(TIP_PAYOUT_METHODS).nullable(),
  paidLate: z.boolean(),
});
export type WorkerTipMonth = z.infer<typeof workerTipMonthSchema>;

export const tipPayoutsAnswerSchema = z.strictObject({
  month: z.string(),
  /** 'November 2026'. */
  label: z.string(),
  dueDate: z.string(),
  workers: z.array(workerTipMonthSchema),
  /** Delivered orders with a tip but no driver recorded (delivered without a run): to be named before paying out. */
  unassigned: z.strictObject({ orders: z.number().int(), amount: z.number() }),
  total: z.strictObject({ received: z.number(), paid: z.number(), outstanding: z.number() }),
});
export type TipPayoutsAnswer = z.infer<typeof tipPayoutsAnswerSchema>;

export const tipPayoutBodySchema = z.strictObject({
  workerId: idField('workerId'),
  month: monthSchema('month'),
  amount: poundsAsPence('amount', 100_000, '12.50'),
  method: z.enum(TIP_PAYOUT_METHODS, "method must be 'payroll' or 'cash'"),
});
export type TipPayoutBody = z.input<typeof tipPayoutBodySchema>;

// --- A worker's own statement ------------------------------------------------------------------------------

/** London dates, both inclusive; by default the three years the shop keeps. */
export const driverTipsQuerySchema = z
  .strictObject({ from: auditDateSchema('from').optional(), to: auditDateSchema('to').optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'to must be on or after from', path: ['to'] });
export type DriverTipsQuery = z.infer<typeof driverTipsQuerySchema>;

export const statementTipSchema = z.strictObject({
  orderId: z.string(),
  displayId: z.string(),
  placedAt: z.string(),
  deliveredAt: z.string().nullable(),
  tip: z.number(),
  tipRefunded: z.number(),
  /** Theirs, in full. */
  driverTip: z.number(),
  month: z.string(),
});

export const driverTipsAnswerSchema = z.strictObject({
  worker: personSchema,
  from: z.string(),
  to: z.string(),
  /** Oldest first. */
  tips: z.array(statementTipSchema),
  /** Per month of the tips: received, paid out, when, and the status. */
  months: z.array(workerTipMonthSchema.omit({ worker: true })),
  total: z.strictObject({ received: z.number(), paid: z.number() }),
});
export type DriverTipsAnswer = z.infer<typeof driverTipsAnswerSchema>;
