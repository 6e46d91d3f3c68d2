import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { CartLine } from '@shop/shared/contract/cart';
import type { OrderStatus } from '@shop/shared/domain/order-status';
import { addDays, londonInstant, londonParts, type LocalDate } from '@shop/shared/domain/london-time';
import { availableSizes, type PricedProduct } from '@shop/shared/domain/product-options';
import type { Db } from '../client';
import { addresses, orders, users, type AddressSnapshot } from '../schema';
import { hashPassword } from '../../modules/auth/public';
import { loadPricingCatalogue } from '../../modules/pricing/public';
import { writePastOrder } from '../../modules/orders/public';
import { seededRandom } from './seeded-random';

/**
 * `npm run demo`: a realistic month of orders so that every back-office screen has something to show a newcomer.
 * Thirty-five London days up to now, busier at weekends, lunch and evening; every status and both payment types
 * (card orders that were never paid are there too, and stay invisible to the shop, as in real life). Prices come
 * from the menu through the checkout's pricing. Written once: a database that already has orders is left alone.
 * The numbers are drawn from a fixed seed, so two demo databases made at the same moment are the same.
 */

const DEMO_DAYS = 35;
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

export interface DemoResult {
  written: number;
  skipped: boolean;
}

export async function seedDemoOrders(
  db: Db,
  options: { now: Date; adminEmail: string; log: (message: string) => void },
): Promise<DemoResult> {
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

  let written = 0;
  const today = localDate(now);
  for (let back = DEMO_DAYS - 1; back >= 0; back -= 1) {
    const day = addDays(today, -back);
    const weekday = new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
    const busy = weekday === 5 || weekday === 6 ? 16 : weekday === 0 ? 12 : 8;
    const orderCount = busy + Math.floor(random() * 6);
    for (let n = 0; n < orderCount; n += 1) {
      // Lunch (12:00-14:00) or evening (17:00-22:30), London time; today's in the six hours before now, so a demo
      // started in the morning still has a day under way (pending orders, some approved, some on the way).
      const minutes = random() < 0.3 ? 720 + Math.floor(random() * 120) : 1020 + Math.floor(random() * 330);
      const createdAt =
        back === 0
          ? new Date(now.getTime() - Math.floor(random() * 6 * 3600_000) - 60_000)
          : londonInstant(day, Math.floor(minutes / 60), minutes % 60);
      if (createdAt.getTime() >= now.getTime() || (back === 0 && createdAt.getTime() < londonInstant(today).getTime())) continue;
      const customer = pick(customers);
      const lines = firstCart(products, line, pick, random);
      const card = random() < 0.6;
      const neverPaid = card && random() < 0.06;
      const order = {
        ...customer,
        paymentType: card ? ('Card' as const) : ('Cash' as const),
        paymentStatus: card ? (neverPaid ? pick(['pending', 'failed'] as const) : ('paid' as const)) : ('unpaid' as const),
        note: pick(NOTES),
        createdAt,
        history: neverPaid ? [] : statusesOf(createdAt, now, back, random, admin?.id ?? null, card),
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
  }
  options.log(`Demo orders: ${written} orders over the last ${DEMO_DAYS} days, ${customers.length} demo customers.`);
  return { written, skipped: false };
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

/** How an order's status moved, by its age: today's still moving, older ones delivered or (sometimes) canceled. */
function statusesOf(createdAt: Date, now: Date, daysAgo: number, random: () => number, adminId: string | null, card: boolean) {
  const minutes = (m: number) => new Date(createdAt.getTime() + m * 60_000);
  const start = card ? minutes(0.5) : createdAt;
  const history: Array<{ status: OrderStatus; at: Date; by: string | null }> = [{ status: 'Pending Order', at: start, by: null }];
  const roll = random();
  const ageMinutes = (now.getTime() - createdAt.getTime()) / 60_000;
  if (roll < 0.07) {
    history.push({ status: 'Canceled Order', at: minutes(4), by: adminId });
    return history.filter((change) => change.at.getTime() <= now.getTime());
  }
  const steps: Array<[OrderStatus, number]> = [
    ['Approved Order', 3 + random() * 4],
    ['On the way', 25 + random() * 10],
    // Today is a busy day: deliveries take a while, so the board shows orders on the way.
    ['Delivered Order', daysAgo === 0 ? 120 + random() * 30 : 45 + random() * 15],
  ];
  // Today's orders stop where the evening has got to; an old order was always finished.
  const reach = daysAgo === 0 ? Math.min(ageMinutes, roll < 0.35 ? 1 : ageMinutes) : Infinity;
  for (const [status, after] of steps) if (after <= reach) history.push({ status, at: minutes(after), by: adminId });
  return history;
}
