/**
 * The driver's tip beyond the order routes (decision 1602): the shop's written tipping policy, which everyone reads
 * and the owner writes, and the tips report the drivers' pay-out is made from: every delivered order's tip, in full.
 */
import { z } from 'zod';
import { MAX_TIPPING_POLICY_LENGTH } from '../domain/tips';
import { auditDateSchema } from './audit';

export const TIPPING_POLICY_PATH = '/api/tipping-policy';
export const TIPS_REPORT_PATH = '/api/reports/tips';

/** `GET /api/tipping-policy`: the owner's text, or the shop's default until they write one (updatedAt null). */
export const tippingPolicyAnswerSchema = z.strictObject({
  policy: z.string(),
  /** When the owner last saved it; null while the default is in force. */
  updatedAt: z.string().nullable(),
});
export type TippingPolicyAnswer = z.infer<typeof tippingPolicyAnswerSchema>;

const POLICY_MESSAGE = `policy must be the policy's text, 1 to ${MAX_TIPPING_POLICY_LENGTH} characters`;

/** `PUT /api/tipping-policy` body: the whole text; lines are kept, the ends trimmed. */
export const tippingPolicyUpdateSchema = z.strictObject({
  policy: z.string(POLICY_MESSAGE).trim().min(1, POLICY_MESSAGE).max(MAX_TIPPING_POLICY_LENGTH, POLICY_MESSAGE),
});
export type TippingPolicyUpdate = z.infer<typeof tippingPolicyUpdateSchema>;

/** `GET /api/reports/tips?from=&to=`: London dates the orders were placed on, both inclusive; by default this month so far. */
export const tipsReportQuerySchema = z
  .object({ from: auditDateSchema('from').optional(), to: auditDateSchema('to').optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'to must be on or after from', path: ['to'] });
export type TipsReportQuery = z.input<typeof tipsReportQuerySchema>;

/** One delivered order's tip, pounds: as the customer gave it, what of it was refunded, and what the driver gets. */
export const orderTipWireSchema = z.strictObject({
  orderId: z.string(),
  /** The number the shop and the customer read ('293a4b'). */
  displayId: z.string(),
  /** When it was placed (the tip was paid with it), ISO. */
  placedAt: z.string(),
  tip: z.number(),
  tipRefunded: z.number(),
  /** tip - tipRefunded: the driver's, in full, no card fee deducted. */
  driverTip: z.number(),
  /** The driver of the run it was delivered on (decision 1701); null for one delivered without a run. */
  driver: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
});
export type OrderTipWire = z.infer<typeof orderTipWireSchema>;

export const tipsReportAnswerSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  /** Oldest first. */
  tips: z.array(orderTipWireSchema),
  /** Pounds: the sums of the rows. */
  total: z.strictObject({ tip: z.number(), tipRefunded: z.number(), driverTip: z.number() }),
});
export type TipsReportAnswer = z.infer<typeof tipsReportAnswerSchema>;
