/**
 * The rules an order meets at the moment it is placed, in one place: a cash order when it is sent, a card order when
 * its intent is opened and again when its payment succeeds. Each rule is checked once, on the transaction it is
 * given, after the caller took the locks the rules read under (placement.ts says which, and in which order).
 */
import { sql } from 'drizzle-orm';
import type { CartLine } from '@shop/shared/contract/cart';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import { isPaused, pausedMessage, slotStart } from '@shop/shared/domain/kitchen';
import { minimumOrderMessage } from '@shop/shared/domain/minimum-order';
import { orderingStatus } from '@shop/shared/domain/opening-hours';
import type { OrderChannel } from '@shop/shared/domain/order-channel';
import { orderTotal, type OrderDiscount } from '@shop/shared/domain/order-discounts';
import { ORDER_TOO_LARGE, PricingError, type CartQuote } from '@shop/shared/domain/pricing';
import type { ServiceContext } from '../../context';
import type { Db, InTransaction } from '../../db/client';
import { HttpError } from '../../http-errors';
import { checkoutExtras, type CheckoutExtrasInput } from '../cart/public';
import { deliveryFeeIn, readDeliveryArea, type DeliveryArea } from '../delivery/public';
import { pauseRefusal, scheduleRefusal } from '../kitchen/public';
import { priceCart, type OrderCatalogue } from '../pricing/public';
import type { DiscountContext } from '../promotions/public';
import { readMinimumOrders, readOpeningHours } from '../settings/public';
import { toStoredItem, type StoredOrderItem } from './wire';

/**
 * What the rules need of the shop: the transaction the order is written in, the menu every price is read from
 * (the in-memory snapshot, taken before the transaction: on PGlite, a read outside it would wait for it), the
 * clock's now, the configuration.
 */
export interface RulesContext {
  tx: InTransaction;
  catalogue: OrderCatalogue;
  /** The delivery zones, when read before the transaction (as the menu is); read on it otherwise. */
  area?: DeliveryArea;
  now: Date;
  config: ServiceContext['config'];
}

/** An order as priced by the rules: what is charged, and the lines as stored. */
export interface PricedOrder {
  quote: CartQuote;
  items: StoredOrderItem[];
  /** Pence: the delivery zone's fee (decision 1001), 0 for a collection. */
  deliveryFee: number;
  /** The discount lines (a promotion's, the stamp card's) and the tip (pence), as the quote showed them. */
  discounts: OrderDiscount[];
  tip: number;
  /** Pence: what the customer pays: the food and the fee, less the discounts, plus the tip (domain/order-discounts.ts). */
  total: number;
}

/** Who orders, how, and what the checkout adds: what the discounts and the tip are decided from. */
export interface OrderExtras {
  input: CheckoutExtrasInput;
  channel: OrderChannel;
  customer: DiscountContext['customer'];
}

// Advisory locks in a space of the shop's own (the two-key form), one per 15-minute slot.
const SLOT_LOCK_SPACE = 0x5107;

/**
 * The slot's lock, held to the end of the transaction: orders for one slot are checked against its capacity one
 * after another, so n at once for a slot with room for k place exactly min(n, k). SQL with its values as literals
 * (whole numbers), so it can open a transaction (inTransaction's `opening`).
 */
export function slotLockSql(scheduledFor: Date): string {
  const slot = Math.floor(slotStart(scheduledFor).getTime() / 900_000);
  return `select pg_advisory_xact_lock(${SLOT_LOCK_SPACE}, ${slot})`;
}

/** Takes the slot's lock on a transaction already under way. */
export async function lockSlot(tx: InTransaction, scheduledFor: Date): Promise<void> {
  await tx.execute(sql.raw(slotLockSql(scheduledFor)));
}

/** The kitchen's reads, on the order's transaction. */
function kitchenOf(rules: RulesContext): Pick<ServiceContext, 'db' | 'now'> {
  return { db: rules.tx as unknown as Db, now: () => rules.now };
}

/**
 * The time, by the opening hours in force (the owner's, read on the order's transaction: decision 1400): an order
 * ahead must be for one of the free slots of its fulfilment's sessions (SLOT_NOT_AVAILABLE naming the next one; a
 * special closed day has none), an order for as soon as possible needs the shop open for its fulfilment
 * (SHOP_CLOSED) and not paused (ORDERING_PAUSED). `pausedUntil` is the pause when the caller read it on the
 * transaction already; it is read here otherwise.
 */
export async function checkTime(
  rules: RulesContext,
  scheduledFor: Date | null,
  fulfilment: Fulfilment,
  pausedUntil?: Date | null,
): Promise<void> {
  const kitchen = kitchenOf(rules);
  if (scheduledFor) {
    const refusal = await scheduleRefusal(kitchen, scheduledFor, fulfilment);
    if (refusal) throw new HttpError('SLOT_NOT_AVAILABLE', refusal);
    return;
  }
  const hours = await readOpeningHours(kitchen.db);
  const status = orderingStatus(rules.now, hours, fulfilment);
  if (!status.acceptingOrders) throw new HttpError('SHOP_CLOSED', status.message);
  const paused =
    pausedUntil === undefined
      ? await pauseRefusal(kitchen)
      : pausedUntil && isPaused({ busy: null, pausedUntil }, rules.now)
        ? pausedMessage(rules.now, pausedUntil, hours)
        : null;
  if (paused) throw new HttpError('ORDERING_PAUSED', paused);
}

/**
 * The price: the cart priced from the menu (sold out, the fulfilment's minimum the owner set, the maximum), then a
 * delivery's fee from the post code the order is delivered to (outside the zones, or under the zone's minimum:
 * refused; so the larger of the two minimums applies).
 */
export async function priceOrder(
  rules: RulesContext,
  lines: CartLine[],
  delivery: { fulfilment: Fulfilment; postcode: string | null },
  extras?: OrderExtras,
): Promise<PricedOrder> {
  const { catalogue } = rules;
  const minimums = await readMinimumOrders(rules.tx as unknown as Db);
  let quote: CartQuote;
  try {
    quote = priceCart(lines, catalogue.pricing, rules.now, minimums[delivery.fulfilment]);
  } catch (error) {
    if (error instanceof PricingError) throw new HttpError(error.code, error.message);
    throw error;
  }
  if (quote.lines.length === 0 || !quote.meetsMinimum) throw new HttpError('MINIMUM_ORDER', minimumOrderMessage(quote.minimumOrder));
  if (!quote.withinMaximum) throw new HttpError('ORDER_TOO_LARGE', ORDER_TOO_LARGE);
  const deliveryFee =
    delivery.fulfilment === 'collection'
      ? 0
      : deliveryFeeIn(
          rules.area ?? (await readDeliveryArea({ db: rules.tx as unknown as Db, config: rules.config, now: () => rules.now })),
          delivery.postcode ?? '',
          quote.total,
        );
  // Described from the same menu snapshot the lines were priced from: no query, and no product can be missing.
  const items = quote.lines.map((priced, index) =>
    toStoredItem(
      priced,
      lines[index] as CartLine,
      catalogue.descriptions.get(priced.productId) ?? '',
      catalogue.vatRates.get(priced.productId),
    ),
  );
  // The discounts and the tip, by the same function the cart quote asks (checkoutExtras), on the order's transaction.
  const { discounts, tip } = extras
    ? await checkoutExtras(
        {
          db: rules.tx,
          now: rules.now,
          quote,
          deliveryFee,
          fulfilment: delivery.fulfilment,
          channel: extras.channel,
          customer: extras.customer,
          placing: true,
        },
        extras.input,
      )
    : { discounts: [], tip: 0 };
  return { quote, items, deliveryFee, discounts, tip, total: orderTotal({ subtotal: quote.total, deliveryFee, discounts, tip }) };
}
