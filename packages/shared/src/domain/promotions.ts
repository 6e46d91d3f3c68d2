/**
 * Promotions the owner makes: a code the customer types, or an automatic offer. Each takes a percentage or an
 * amount off the order's food, one category's lines or one product's lines, or takes the delivery fee off; it
 * applies when its conditions hold (minimum spend, first order, days and times, fulfilment, channel, start and end)
 * and within its limits (per customer, in total). The rule is stored whole (promotions.rule) as this schema checks it.
 */
import { z } from 'zod';
import { FULFILMENTS, type Fulfilment } from './fulfilment';
import { londonParts } from './london-time';
import { formatPounds } from './money';
import { ORDER_CHANNELS, type OrderChannel } from './order-channel';

export const PROMOTION_KINDS = ['percent', 'amount', 'free-delivery'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Must be a time as HH:MM');

export const promotionTargetSchema = z.discriminatedUnion('on', [
  z.strictObject({ on: z.literal('order') }),
  z.strictObject({ on: z.literal('category'), category: z.string().min(1).max(100) }),
  z.strictObject({ on: z.literal('product'), productId: z.string().regex(/^[0-9a-f]{24}$/, 'Must be a product id') }),
]);
export type PromotionTarget = z.infer<typeof promotionTargetSchema>;

export const promotionConditionsSchema = z.strictObject({
  /** Pence of food (before discounts and the delivery fee); 0: none. */
  minSpend: z.number().int().min(0).max(500_000),
  /** Only a customer's first order (an account's, or a guest's by e-mail or phone number). */
  firstOrder: z.boolean(),
  /** Days of the week it runs, 1 = Monday … 7 = Sunday, in the shop's time; null: every day. */
  days: z.array(z.number().int().min(1).max(7)).min(1).max(7).nullable(),
  /** The hours it runs each day, shop time, from inclusive until exclusive; null: all day. */
  hours: z.strictObject({ from: time, until: time }).nullable(),
  fulfilment: z.enum(FULFILMENTS).nullable(),
  channels: z.array(z.enum(ORDER_CHANNELS)).min(1).nullable(),
  /** ISO instants; null: open-ended. */
  startsAt: z.string().datetime({ offset: true }).nullable(),
  endsAt: z.string().datetime({ offset: true }).nullable(),
});
export type PromotionConditions = z.infer<typeof promotionConditionsSchema>;

export const promotionLimitsSchema = z.strictObject({
  /** Orders per customer; null: no limit. */
  perCustomer: z.number().int().min(1).max(10_000).nullable(),
  /** Orders in all; null: no limit. */
  total: z.number().int().min(1).max(1_000_000).nullable(),
});
export type PromotionLimits = z.infer<typeof promotionLimitsSchema>;

export const promotionRuleSchema = z.strictObject({
  kind: z.enum(PROMOTION_KINDS),
  /** percent: 1–100; amount: pence; free-delivery: 0. */
  value: z.number().int().min(0).max(100_000),
  target: promotionTargetSchema,
  conditions: promotionConditionsSchema,
  limits: promotionLimitsSchema,
});
export type PromotionRule = z.infer<typeof promotionRuleSchema>;

/** Days of the week as the rule numbers them (1 = Monday … 7 = Sunday). */
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A promotion as deciding it needs: its code (null: an automatic offer), name, rule and whether it is switched on. */
export interface PromotionToDecide {
  code: string | null;
  name: string;
  active: boolean;
  rule: PromotionRule;
  /** The target product's title, for the reason when it is not in the order. */
  targetTitle?: string | null;
}

/** The order as a promotion sees it: its priced lines, food subtotal and delivery fee (pence), how and when. */
export interface PromotionOrder {
  lines: readonly { productId: string; category: string; lineTotal: number }[];
  subtotal: number;
  deliveryFee: number;
  /** Null while the quote does not know it. */
  fulfilment: Fulfilment | null;
  channel: OrderChannel;
  now: Date;
}

/** What the database knows of the customer and the promotion; null where the customer is not known yet (a visitor's quote). */
export interface PromotionHistory {
  /** The customer's earlier orders that were not canceled. */
  earlierOrders: number | null;
  /** The customer's uses of this promotion. */
  customerUses: number | null;
  /** Everyone's uses of this promotion. */
  totalUses: number;
}

export type PromotionDecision = { applies: true; amount: number } | { applies: false; reason: string };

function shopDateText(iso: string): string {
  const local = londonParts(new Date(iso));
  return `${local.day} ${MONTH_NAMES[local.month - 1]} ${local.year}`;
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** 'Monday to Thursday', 'Saturday and Sunday', 'Monday, Wednesday and Friday', 'Monday to Wednesday and Friday'. */
export function daysText(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const runs: string[] = [];
  let start = 0;
  for (let i = 1; i <= sorted.length; i += 1) {
    if (i < sorted.length && sorted[i] === sorted[i - 1]! + 1) continue;
    const first = DAY_NAMES[sorted[start]! - 1]!;
    const last = DAY_NAMES[sorted[i - 1]! - 1]!;
    const length = i - start;
    if (length === 1) runs.push(first);
    else if (length === 2) runs.push(first, last);
    else runs.push(`${first} to ${last}`);
    start = i;
  }
  if (runs.length === 1) return runs[0]!;
  return `${runs.slice(0, -1).join(', ')} and ${runs[runs.length - 1]}`;
}

/** 'This code runs Monday to Thursday, 17:00 to 21:00'; 'Every day' when only the hours are limited. */
export function scheduleText(conditions: Pick<PromotionConditions, 'days' | 'hours'>): string {
  const days = conditions.days && conditions.days.length < 7 ? daysText(conditions.days) : null;
  const hours = conditions.hours ? `${conditions.hours.from} to ${conditions.hours.until}` : null;
  if (days && hours) return `${days}, ${hours}`;
  return days ?? (hours ? `every day, ${hours}` : 'every day');
}

/**
 * Whether the schedule holds at an instant, on the shop's clock. Hours that pass midnight (22:00 to 02:00) belong to
 * the day they start: Friday 22:00 to 02:00 holds at 01:00 on Saturday.
 */
export function inSchedule(conditions: Pick<PromotionConditions, 'days' | 'hours'>, now: Date): boolean {
  const local = londonParts(now);
  const minute = local.hour * 60 + local.minute;
  let day = ((local.weekday + 6) % 7) + 1;
  if (conditions.hours) {
    const from = minutesOf(conditions.hours.from);
    const until = minutesOf(conditions.hours.until);
    if (from < until) {
      if (minute < from || minute >= until) return false;
    } else if (minute >= until && minute < from) return false;
    else if (from > until && minute < until) day = day === 1 ? 7 : day - 1;
  }
  return !conditions.days || conditions.days.includes(day);
}

const CHANNEL_WORDS: Record<OrderChannel, string> = { web: 'website', guest: 'website', phone: 'phone', counter: 'counter' };

function channelReason(channels: readonly OrderChannel[], channel: OrderChannel): string {
  if (channel === 'guest' && channels.includes('web')) return 'This code is for customers with an account: sign in to use it';
  if (channel === 'web' && channels.includes('guest')) return 'This code is for guest orders';
  const words = [...new Set(channels.map((each) => CHANNEL_WORDS[each]))];
  return `This code is for ${words.join(' and ')} orders`;
}

/** The pence of the order a promotion takes its percentage or amount from: all the food, one category's or one product's lines. */
export function targetTotal(target: PromotionTarget, order: Pick<PromotionOrder, 'lines'>): number {
  return order.lines
    .filter(
      (line) =>
        target.on === 'order' || (target.on === 'category' ? line.category === target.category : line.productId === target.productId),
    )
    .reduce((sum, line) => sum + line.lineTotal, 0);
}

/**
 * Decides one promotion against an order: what it takes off (pence), or why it does not apply, in the words the
 * customer reads. The reasons say 'This code' as only a code's reason is shown; an automatic offer that does not
 * apply is simply left out. Unknown history (a visitor's quote) does not refuse: placement, which knows the customer,
 * decides again.
 */
export function decidePromotion(promotion: PromotionToDecide, order: PromotionOrder, history: PromotionHistory): PromotionDecision {
  const { rule } = promotion;
  const { conditions, limits, target } = rule;
  const no = (reason: string): PromotionDecision => ({ applies: false, reason });
  const now = order.now.getTime();
  if (conditions.endsAt && now >= Date.parse(conditions.endsAt)) return no('This code has ended');
  if (conditions.startsAt && now < Date.parse(conditions.startsAt)) return no(`This code starts on ${shopDateText(conditions.startsAt)}`);
  if (!promotion.active) return no('This code is not running at the moment');
  if (conditions.channels && !conditions.channels.includes(order.channel)) return no(channelReason(conditions.channels, order.channel));
  const fulfilment = conditions.fulfilment ?? (rule.kind === 'free-delivery' ? 'delivery' : null);
  if (fulfilment && order.fulfilment !== fulfilment) return no(`This code is for ${fulfilment} orders`);
  if (!inSchedule(conditions, order.now)) return no(`This code runs ${scheduleText(conditions)}`);
  if (conditions.firstOrder && history.earlierOrders !== null && history.earlierOrders > 0) return no('This code is for your first order');
  if (limits.total !== null && history.totalUses >= limits.total) return no('This code has been used up');
  if (limits.perCustomer !== null && history.customerUses !== null && history.customerUses >= limits.perCustomer)
    return no(limits.perCustomer === 1 ? 'You have already used this code' : `You have already used this code ${limits.perCustomer} times`);
  if (order.subtotal < conditions.minSpend)
    return no(
      `This code needs ${formatPounds(conditions.minSpend)} of food: add ${formatPounds(conditions.minSpend - order.subtotal)} more`,
    );
  if (rule.kind === 'free-delivery') return { applies: true, amount: order.deliveryFee };
  const base = targetTotal(target, order);
  if (base === 0) {
    if (target.on === 'category') return no(`This code is for ${target.category}: add some to your order`);
    if (target.on === 'product')
      return no(`This code is for ${promotion.targetTitle ?? 'an item that is not on the menu now'}: add it to your order`);
  }
  const amount = rule.kind === 'percent' ? Math.floor((base * rule.value) / 100 + 0.5) : Math.min(rule.value, base);
  return { applies: true, amount };
}

/** The discount line's words: 'PIZZA10: 10% off', 'PIZZA10: £2.00 off Pizzas', 'Free delivery' (an automatic offer by its name). */
export function promotionLabel(promotion: Pick<PromotionToDecide, 'code' | 'name' | 'rule' | 'targetTitle'>): string {
  const { rule } = promotion;
  const where =
    rule.target.on === 'category'
      ? ` ${rule.target.category}`
      : rule.target.on === 'product'
        ? ` ${promotion.targetTitle ?? 'one item'}`
        : '';
  const what =
    rule.kind === 'free-delivery'
      ? 'Free delivery'
      : `${rule.kind === 'percent' ? `${rule.value}%` : formatPounds(rule.value)} off${where}`;
  const prefix = promotion.code ?? promotion.name;
  return rule.kind === 'free-delivery' && !promotion.code ? prefix || what : `${prefix}: ${what}`;
}

/** One candidate line: the promotion's id and code, its label and what it takes off. */
export interface PromotionLine {
  promotionId: string;
  code: string | null;
  label: string;
  amount: number;
}

/**
 * How offers combine: the code's line, then the best automatic offer (the most off; on a tie the first given), and no
 * more. Automatic offers worth nothing (after the cap too) are left out. The lines together never take off more than the food and the
 * delivery fee: a later line is cut down to what is left.
 */
export function combinePromotions<T extends PromotionLine>(code: T | null, automatic: readonly T[], goods: number): T[] {
  let best: T | null = null;
  for (const line of automatic) if (line.amount > 0 && (!best || line.amount > best.amount)) best = line;
  const lines = capLines([...(code ? [code] : []), ...(best ? [best] : [])], goods);
  // The code's line stays even at nothing (free delivery where delivery is free), so the customer sees it applied.
  return lines.filter((line) => line.amount > 0 || (code !== null && line.promotionId === code.promotionId));
}

/** Cuts discount lines down, in order, so together they never exceed `goods` (the food and the delivery fee). */
export function capLines<T extends { amount: number }>(lines: readonly T[], goods: number): T[] {
  let left = goods;
  return lines.map((line) => {
    const amount = Math.max(0, Math.min(line.amount, left));
    left -= amount;
    return amount === line.amount ? line : { ...line, amount };
  });
}
