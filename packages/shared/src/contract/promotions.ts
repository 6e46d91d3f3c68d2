/**
 * Promotions (decision 1600): `GET`/`POST /api/promotions`, `PUT`/`DELETE /api/promotions/:id` (owner and manager).
 * A promotion is a code the customer types or an automatic offer (no code); its rule (domain/promotions.ts) says what
 * comes off, when and how often. Money in pounds on the wire, as every answer has it: an amount's `value` and the
 * minimum spend; a percentage's `value` is the percent.
 */
import { z } from 'zod';
import { penceToPounds, poundsToPence } from '../domain/money';
import {
  PROMOTION_KINDS,
  promotionConditionsSchema,
  promotionLimitsSchema,
  promotionTargetSchema,
  type PromotionRule,
} from '../domain/promotions';
import { MAX_PROMO_CODE_LENGTH } from './order-extras';

export const PROMO_CODE_MESSAGE = `code must be 3 to ${MAX_PROMO_CODE_LENGTH} letters, digits or dashes, such as PIZZA10`;
/** The most an amount off or a minimum spend may be, in pounds. */
export const MAX_PROMOTION_POUNDS = 1000;

const codeField = z
  .string(PROMO_CODE_MESSAGE)
  .trim()
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(new RegExp(`^[A-Z0-9-]{3,${MAX_PROMO_CODE_LENGTH}}$`), PROMO_CODE_MESSAGE));

const poundsMessage = (name: string) => `${name} must be an amount in pounds from 0 to ${MAX_PROMOTION_POUNDS}, to the penny`;

/** The conditions as sent: every one optional (absent: no condition), the minimum spend in pounds. */
const conditionsWriteSchema = promotionConditionsSchema
  .extend({
    minSpend: z
      .number(poundsMessage('conditions.minSpend'))
      .min(0, poundsMessage('conditions.minSpend'))
      .max(MAX_PROMOTION_POUNDS, poundsMessage('conditions.minSpend')),
  })
  .partial();

/** `POST /api/promotions` and `PUT /api/promotions/:id` body (PUT replaces the whole promotion). */
export const promotionWriteSchema = z
  .strictObject({
    name: z.string('name is required').trim().min(1, 'name is required').max(80, 'name is at most 80 characters'),
    /** Null or absent: an automatic offer, applied whenever its conditions hold. */
    code: codeField.nullable().default(null),
    active: z.boolean().default(true),
    kind: z.enum(PROMOTION_KINDS, `kind must be one of ${PROMOTION_KINDS.join(', ')}`),
    /** percent: 1 to 100; amount: pounds; free-delivery: 0 or absent. */
    value: z.number('value must be a number').min(0, 'value must be a number from 0').default(0),
    target: promotionTargetSchema.default({ on: 'order' }),
    conditions: conditionsWriteSchema.default({}),
    limits: promotionLimitsSchema.partial().default({}),
  })
  .transform((body, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    let value = 0;
    if (body.kind === 'percent') {
      if (!Number.isInteger(body.value) || body.value < 1 || body.value > 100)
        return fail('value: a percentage must be a whole number from 1 to 100');
      value = body.value;
    } else if (body.kind === 'amount') {
      const pence = poundsToPence(body.value);
      if (pence === null || pence < 1 || body.value > MAX_PROMOTION_POUNDS)
        return fail(`value: an amount off must be in pounds from 0.01 to ${MAX_PROMOTION_POUNDS}, to the penny`);
      value = pence;
    } else if (body.value !== 0) return fail('value: free delivery takes no value');
    if (body.kind === 'free-delivery' && body.target.on !== 'order') return fail('target: free delivery is on the whole order');
    if (body.kind === 'free-delivery' && body.conditions.fulfilment === 'collection')
      return fail('conditions.fulfilment: free delivery is for delivery orders');
    const minSpend = poundsToPence(body.conditions.minSpend ?? 0);
    if (minSpend === null) return fail(poundsMessage('conditions.minSpend'));
    const { hours, startsAt, endsAt } = body.conditions;
    if (hours && hours.from === hours.until) return fail('conditions.hours: from and until must differ');
    if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt))
      return fail('conditions.endsAt: the end must come after the start');
    const rule: PromotionRule = {
      kind: body.kind,
      value,
      target: body.target,
      conditions: {
        minSpend,
        firstOrder: body.conditions.firstOrder ?? false,
        days: body.conditions.days ? [...new Set(body.conditions.days)].sort((a, b) => a - b) : null,
        hours: hours ?? null,
        fulfilment: body.conditions.fulfilment ?? null,
        channels: body.conditions.channels ? [...new Set(body.conditions.channels)] : null,
        startsAt: startsAt ?? null,
        endsAt: endsAt ?? null,
      },
      limits: { perCustomer: body.limits.perCustomer ?? null, total: body.limits.total ?? null },
    };
    return { name: body.name, code: body.code, active: body.active, rule };
  });
export type PromotionWriteInput = z.input<typeof promotionWriteSchema>;
/** Parsed: the code upper case, the rule in pence as it is stored. */
export type PromotionWrite = z.output<typeof promotionWriteSchema>;

/** A promotion as the admin reads it: the body it was written with (pounds) and how often it has been used. */
export const promotionWireSchema = z.strictObject({
  _id: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  active: z.boolean(),
  kind: z.enum(PROMOTION_KINDS),
  value: z.number(),
  target: promotionTargetSchema,
  conditions: promotionConditionsSchema.extend({ minSpend: z.number() }),
  limits: promotionLimitsSchema,
  /** Orders that used it and were not canceled. */
  uses: z.number(),
  /** Pence taken off by those orders, in pounds. */
  discounted: z.number(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});
export type PromotionWire = z.infer<typeof promotionWireSchema>;

export function toPromotionWire(row: {
  id: string;
  name: string;
  code: string | null;
  active: boolean;
  rule: PromotionRule;
  uses: number;
  discounted: number;
  createdAt: Date;
  updatedAt: Date | null;
}): PromotionWire {
  const { rule } = row;
  return {
    _id: row.id,
    name: row.name,
    code: row.code,
    active: row.active,
    kind: rule.kind,
    value: rule.kind === 'amount' ? penceToPounds(rule.value) : rule.value,
    target: rule.target,
    conditions: { ...rule.conditions, minSpend: penceToPounds(rule.conditions.minSpend) },
    limits: rule.limits,
    uses: row.uses,
    discounted: penceToPounds(row.discounted),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}
