import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { CartLine } from '@shop/shared/contract/cart';
import type { OrderStatus } from '@shop/shared/domain/order-status';
import { endedTradingDay } from '@shop/shared/domain/kitchen';
import { addDays, londonInstant, londonParts, type LocalDate } from '@shop/shared/domain/london-time';
import { DEFAULT_OPENING_HOURS, openingHoursRows, orderingStatus, type DayHours } from '@shop/shared/domain/opening-hours';
import { availableSizes, type PricedProduct } from '@shop/shared/domain/product-options';
import type { Db } from '../client';
import { addresses, deliveryZones, orders, users, type AddressSnapshot } from '../schema';
import { hashPassword } from '../../modules/auth/public';
import { loadPricingCatalogue } from '../../modules/pricing/public';
import { writePastOrder } from '../../modules/orders/public';
import { readShopSettings } from '../../modules/settings/public';
import { seededRandom } from './seeded-random';

/**
 * `npm run demo`: a realistic month of orders so that every back-office screen has something to show a newcomer.
 * Thirty-five London days up to now, busier at weekends, lunch and evening; every order placed while the shop takes
 * orders (inside the opening hours, before the last-order cut-off: opening-hours.ts), as it would have been; every
 * status and both payment types (card orders that were never paid are there too, and stay invisible to the shop, as
 * in real life). Prices come from the menu through the checkout's pricing. Written once: a database that already
 * has orders is left alone. The numbers are drawn from a fixed seed, so two demo databases made at the same moment
 * are the same.
 */

const DEMO_DAYS = 35;
/** Evening orders start at 17:00 (minutes after midnight). */
const EVENING = 17 * 60;
/** The session under way has at least this many orders, or the one before it is under way too. */
const LIVE_ORDERS_AT_LEAST = 10;
/** Minutes before the clock of the orders still waiting for an answer when the demo starts (none older: see below). */
const WAITING_MINUTES_AGO = [1, 3, 6];
const CUSTOMERS: Array<[string, string, string, string]> = [
  ['Amelia', 'Clarke', '12 Harbour Road', 'BS1 5TY'],
  ['Oliver', 'Patel', '3 Mill Lane', 'BS2 0HG'],
  ['Isla', 'Nowak', '48 Queen Street', 'BS1 4DJ'],
  ['George', 'Okafor', 'Flat 2, 9 Park Row', 'BS1 5LJ'],
  ['Ava', 'Hughes', '77 Gloucester Road', 'BS7 8AS'],
  ['Noah', 'Kowalski', '5 Cotham Hill', 'BS6 6LA'],
  ['Mia', 'Evans', '21 Whiteladies Road', 'BS8 2LG'],
  ['Leo', 'Ahmed', '14 St Michael’s Hill', 'BS2 8DZ'],
  ['Freya', 'Murphy', '6 Redcliff Street', 'BS1 6NP'],
  ['Arthur', 'Silva', '30 North Street', 'BS3 1HW'],
];
const NOTES = ['', '', '', '', 'Ring the bell, please', 'Leave at the door', 'Extra napkins', 'Gate code 1234', 'No onions if possible'];

/**
 * The demo shop's made-up post code (scripts/demo.mjs sets SHOP_POSTCODE to it unless it is set) and its delivery zones
 * (decision 1001): its own district free, the districts around it for a fee, one sector dearer than its district, so
 * the checkout's fee line, the minimum and the 'We do not deliver to ...' refusal (BS9, BS16...) can all be tried.
 */
export const DEMO_SHOP_POSTCODE = 'BS1 4DJ';
/** The demo's week: the spec's hours (one session a day, Sunday first), whatever the owner has saved since. */
const OPENING_HOURS: readonly DayHours[] = openingHoursRows(DEFAULT_OPENING_HOURS);

export const DEMO_ZONES: ReadonlyArray<{ code: string; fee: number; minimumOrder: number }> = [
  { code: 'BS1', fee: 0, minimumOrder: 0 },
  { code: 'BS2', fee: 150, minimumOrder: 0 },
  { code: 'BS3', fee: 250, minimumOrder: 1500 },
  { code: 'BS6', fee: 200, minimumOrder: 1200 },
  { code: 'BS6 7', fee: 300, minimumOrder: 1500 },
  { code: 'BS7', fee: 250, minimumOrder: 1500 },
  { code: 'BS8', fee: 200, minimumOrder: 1200 },
];

/** The demo's zones, on first start only: a shop that has zones keeps its own. */
export async function seedDemoZones(db: Db, now: Date): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(deliveryZones);
  if (Number(existing?.n ?? 0) > 0) return 0;
  const rows = await db
    .insert(deliveryZones)
    .values(DEMO_ZONES.map((zone) => ({ ...zone, createdAt: now })))
    .onConflictDoNothing()
    .returning({ id: deliveryZones.id });
  return rows.length;
}

/** The moment `npm run demo`'s clock stands at when the shop is not taking orders: 19:00 London time. */
const DEMO_EVENING = 19 * 60;

/**
 * The clock `npm run demo` uses when SHOP_TIME is not set (main.ts): none (the real clock) while the shop takes
 * orders, otherwise the evening of the latest session begun, 19:00 London time, when it was taking them (at 03:00
 * on a Tuesday: Monday 19:00; on a Friday at 13:00, before the 14:00 opening: Thursday 19:00). So a newcomer can
 * try an order at any hour; the clock stands still there, as with SHOP_TIME.
 */
export function demoShopTime(now: Date): Date | undefined {
  if (orderingStatus(now, DEFAULT_OPENING_HOURS).acceptingOrders) return undefined;
  const local = londonParts(now);
  const today = localDate(now);
  const opened = local.hour * 60 + local.minute >= sessionMinutes(OPENING_HOURS[local.weekday]!).opens;
  return atMinute(opened ? today : addDays(today, -1), DEMO_EVENING);
}

export interface DemoResult {
  written: number;
  skipped: boolean;
}

export async function seedDemoOrders(
  db: Db,
  options: { now: Date; adminEmail: string; log: (message: string) => void },
): Promise<DemoResult> {
  const zones = await seedDemoZones(db, options.now);
  if (zones > 0) options.log(`Demo delivery zones: ${DEMO_ZONES.map((zone) => zone.code).join(', ')} around ${DEMO_SHOP_POSTCODE}.`);
  const [existing] = await db.select({ n: count() }).from(orders);
  if (Number(existing?.n ?? 0) > 0) {
    options.log('Demo orders: the database already has orders, so none were added.');
    return { written: 0, skipped: true };
  }
  const random = seededRandom(20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const now = options.now;
  const admin = (await db.select({ id: users.id }).from(users).where(eq(users.email, options.adminEmail)).limit(1))[0];

  // Demo customers: real accounts with a random password nobody knows, each with one address.
  const passwordHash = await hashPassword(randomBytes(18).toString('base64url'));
  const customers: Array<{ userId: string; email: string; addressId: string; address: AddressSnapshot }> = [];
  for (const [firstname, lastname, line, postcode] of CUSTOMERS) {
    const email = `${firstname}.${lastname}@demo.example`.toLowerCase();
    const [user] = await db
      .insert(users)
      .values({
        email,
        username: `${firstname} ${lastname}`,
        role: 'customer',
        passwordHash,
        createdAt: londonInstant(addDays(localDate(now), -DEMO_DAYS - 1)),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) continue;
    const address: AddressSnapshot = {
      firstname,
      lastname,
      email,
      phone: `07700 900${String(100 + customers.length * 7).slice(-3)}`,
      address: line,
      address2: '',
      city: 'Bristol',
      postcode,
    };
    const [row] = await db
      .insert(addresses)
      .values({ userId: user.id, ...address, createdAt: now })
      .returning({ id: addresses.id });
    customers.push({ userId: user.id, email, addressId: row!.id, address });
  }
  if (customers.length === 0) return { written: 0, skipped: true };

  const catalogue = await loadPricingCatalogue(db);
  const products = [...catalogue.products.values()].filter((product) => product.dealSlots === null && availableSizes(product).length > 0);
  const pizzaToppings = [...catalogue.toppings.values()].filter((topping) => topping.category === 'Pizza');
  const shakeFlavours = [...catalogue.toppings.values()].filter((topping) => topping.category === 'Shakes');

  const line = (product: PricedProduct): CartLine => {
    const size = pick(availableSizes(product));
    const result: CartLine = { productId: product.id, quantity: random() < 0.8 ? 1 : 2, size };
    if (product.crust) result.crust = size === 's' ? 'deep_pan' : pick(['deep_pan', 'deep_pan', 'thin_crust', 'stuffed_crust'] as const);
    if (product.wingTypes) result.type = pick(['normal', 'boneless'] as const);
    if (product.crust && pizzaToppings.length > 0 && random() < 0.5) result.toppingIds = [pick(pizzaToppings).id];
    if (product.category === 'Shakes' && shakeFlavours.length > 0) result.toppingIds = [pick(shakeFlavours).id];
    return result;
  };

  // When each order was placed: lunch or evening of each day's session, and only while the shop takes orders
  // (OPENING_HOURS: never before opening, never in the last 15 minutes), up to the clock. Today's session, when it
  // has begun, has the orders placed so far.
  const placed: Array<{ session: number; createdAt: Date; waiting?: boolean }> = [];
  const sessionOpens: Date[] = [];
  const sessionCloses: Date[] = [];
  const today = localDate(now);
  for (let back = DEMO_DAYS - 1; back >= 0; back -= 1) {
    const day = addDays(today, -back);
    const weekday = new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
    const hours = sessionMinutes(OPENING_HOURS[weekday]!);
    const session = sessionCloses.length;
    sessionOpens.push(atMinute(day, hours.opens));
    sessionCloses.push(atMinute(day, hours.closes));
    const busy = weekday === 5 || weekday === 6 ? 16 : weekday === 0 ? 12 : 8;
    const orderCount = busy + Math.floor(random() * 6);
    for (let n = 0; n < orderCount; n += 1) {
      // The first two hours after opening (lunch), or 17:00 to the last order.
      const minute =
        random() < 0.3 ? hours.opens + Math.floor(random() * 120) : EVENING + Math.floor(random() * (hours.lastOrder + 1 - EVENING));
      const createdAt = atMinute(day, minute);
      if (createdAt.getTime() >= now.getTime() || !orderingStatus(createdAt, DEFAULT_OPENING_HOURS).acceptingOrders) continue;
      placed.push({ session, createdAt });
    }
  }

  // The order timers reject an order nobody answered within `autoRejectAfterMinutes`, and they run the moment the
  // shop starts: an order left waiting longer than that would be rejected by the demo's own shop at once. So only the
  // last few minutes' orders wait (placed here, when the shop was taking orders then); older ones were answered.
  const { autoRejectAfterMinutes: answerWithin, autoCloseDay } = await readShopSettings(db);
  for (const ago of WAITING_MINUTES_AGO) {
    if (answerWithin > 0 && ago >= answerWithin) continue;
    const createdAt = new Date(now.getTime() - ago * 60_000);
    const session = sessionOpens.findIndex((opens, i) => opens <= createdAt && createdAt < sessionCloses[i]!);
    if (session >= 0 && orderingStatus(createdAt, DEFAULT_OPENING_HOURS).acceptingOrders)
      placed.push({ session, createdAt, waiting: true });
  }
  placed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  // The latest session is still under way (a few orders pending, some approved, some on the way), as it stood at
  // the clock or, once closed, at closing: a demo started in the small hours shows the night's board. When the current
  // session has only just begun, the one before it is left under way too, unless its trading day is over and closed.
  const lastSession = placed.at(-1)?.session ?? -1;
  const liveFrom = placed.filter((order) => order.session === lastSession).length < LIVE_ORDERS_AT_LEAST ? lastSession - 1 : lastSession;
  // With autoCloseDay the timers close a trading day after it ends: a session of a day already closed is finished.
  const dayClosedAt = autoCloseDay ? endedTradingDay(now, DEFAULT_OPENING_HOURS) : null;
  const underWay = (session: number) => session >= liveFrom && !(dayClosedAt && sessionCloses[session]!.getTime() <= dayClosedAt.getTime());

  let written = 0;
  for (const { session, createdAt, waiting = false } of placed) {
    const customer = pick(customers);
    const lines = firstCart(products, line, pick, random);
    const card = random() < 0.6;
    const neverPaid = card && !waiting && random() < 0.06;
    const until = underWay(session) ? new Date(Math.min(now.getTime(), sessionCloses[session]!.getTime())) : null;
    const order = {
      ...customer,
      paymentType: card ? ('Card' as const) : ('Cash' as const),
      paymentStatus: card ? (neverPaid ? pick(['pending', 'failed'] as const) : ('paid' as const)) : ('unpaid' as const),
      note: pick(NOTES),
      createdAt,
      history: neverPaid ? [] : waiting ? waitingSince(createdAt, card) : statusesOf(createdAt, until, random, admin?.id ?? null, card),
    };
    // Under the £10 minimum (or refused by the pricing): add another main and try again, a few times at most.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      if (await writePastOrder(db, { ...order, lines })) {
        written += 1;
        break;
      }
      lines.push(line(pick(products.filter((product) => product.crust !== null || product.wingTypes !== null))));
    }
  }
  options.log(`Demo orders: ${written} orders over the last ${DEMO_DAYS} days, ${customers.length} demo customers.`);
  return { written, skipped: false };
}

/** A session's opening, last-order and closing minutes after its day's midnight (past 1440 after midnight). */
function sessionMinutes(hours: DayHours): { opens: number; lastOrder: number; closes: number } {
  const minutes = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));
  const opens = minutes(hours.opens);
  const after = (text: string) => (minutes(text) < opens ? minutes(text) + 1440 : minutes(text));
  return { opens, lastOrder: after(hours.lastOrder), closes: after(hours.closes) };
}

/** The instant of a minute of `day`'s session, on the next calendar day past midnight. */
function atMinute(day: LocalDate, minute: number): Date {
  return londonInstant(addDays(day, Math.floor(minute / 1440)), Math.floor((minute % 1440) / 60), minute % 60);
}

function localDate(instant: Date): LocalDate {
  const parts = londonParts(instant);
  return { year: parts.year, month: parts.month, day: parts.day };
}

/** A main (pizza, vegan pizza or wings) and up to two sides, desserts or drinks. */
function firstCart(
  products: PricedProduct[],
  line: (product: PricedProduct) => CartLine,
  pick: <T>(list: readonly T[]) => T,
  random: () => number,
): CartLine[] {
  const isMain = (product: PricedProduct) => ['Pizza', 'Vegan', 'Wings'].includes(product.category);
  const mains = products.filter(isMain);
  const extras = products.filter((product) => !isMain(product));
  const lines = [line(pick(mains.length > 0 ? mains : products))];
  const extraCount = Math.floor(random() * 3);
  for (let i = 0; i < extraCount && extras.length > 0; i += 1) lines.push(line(pick(extras)));
  return lines;
}

type History = Array<{ status: OrderStatus; at: Date; by: string | null }>;

/** An order of the last few minutes, not yet looked at (a card order waits from its payment, half a minute on). */
function waitingSince(createdAt: Date, card: boolean): History {
  return [{ status: 'Pending Order', at: card ? new Date(createdAt.getTime() + 30_000) : createdAt, by: null }];
}

/**
 * How an order's status moved. A finished session's orders (`until` null) were delivered or (sometimes) canceled.
 * In the session under way, each order is meant to get so far (approved, on the way or delivered) and gets there if
 * its age at `until` allows: the board shows a little of everything. None is left unanswered: the orders waiting
 * for an answer are the last few minutes' (waitingSince).
 */
function statusesOf(createdAt: Date, until: Date | null, random: () => number, adminId: string | null, card: boolean): History {
  const minutes = (m: number) => new Date(createdAt.getTime() + m * 60_000);
  const start = card ? minutes(0.5) : createdAt;
  const history: History = [{ status: 'Pending Order', at: start, by: null }];
  const roll = random();
  const ageMinutes = until ? (until.getTime() - createdAt.getTime()) / 60_000 : Infinity;
  if (roll < 0.07) {
    if (ageMinutes >= 4) history.push({ status: 'Canceled Order', at: minutes(4), by: adminId });
    return history;
  }
  const steps: Array<[OrderStatus, number]> = [
    ['Approved Order', 3 + random() * 4],
    ['On the way', 25 + random() * 10],
    ['Delivered Order', 45 + random() * 15],
  ];
  // How many steps the order is meant to take: all of them in a finished session.
  const meant = until === null ? steps.length : roll < 0.45 ? 1 : roll < 0.6 ? 2 : steps.length;
  for (const [status, after] of steps.slice(0, meant)) if (after <= ageMinutes) history.push({ status, at: minutes(after), by: adminId });
  return history;
}
