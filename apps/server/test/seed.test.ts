import { count } from 'drizzle-orm';
import { CATEGORY_NAMES, dealSlotsSchema, type DealSlot } from '@shop/shared/domain/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, products, users } from '../src/db/schema';
import { seedDatabase } from '../src/db/seed/seed';
import { verifyPassword } from '../src/modules/auth/password';
import { startTestServer, testDatabases, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, type TestServer } from './harness';

interface CategoryWire {
  _id: string;
  categoriName: string;
  order: number;
  imageUrl: string | null;
}
interface ProductWire {
  _id: string;
  title: string;
  description: string;
  category: string;
  regularDiscount: number | '';
  mediumDiscount: number | '';
  largeDiscount: number | '';
  extraLargeDiscount: number | '';
  deep_pan: number | null;
  thin_crust: number | null;
  stuffed_crust: number | null;
  normal: number | null;
  boneless: number | null;
  drinkKind: string | null;
  dealSlots: DealSlot[] | null;
  imageUrl: string | null;
}
interface IngredientWire {
  _id: string;
  ToopingName: string;
  toopingPrice: number;
  category: string;
  imageUrl: string | null;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

const itemCount = (deal: ProductWire) => (deal.dealSlots ?? []).reduce((n, slot) => n + slot.count, 0);
const nonDrinkCount = (deal: ProductWire) => (deal.dealSlots ?? []).filter((s) => s.kind !== 'drink').reduce((n, s) => n + s.count, 0);

describe.each(testDatabases())('the seeded shop on %s', (kind) => {
  let server: TestServer;
  let categories: CategoryWire[];
  let menu: ProductWire[];

  beforeAll(async () => {
    server = await startTestServer({ db: kind, seed: true });
    categories = await getJson<CategoryWire[]>(`${server.url}/api/allcategori`);
    menu = await getJson<ProductWire[]>(`${server.url}/api/allproduts`);
  });
  afterAll(async () => server.close());

  const inCategory = (name: string) => menu.filter((p) => p.category === name);

  it('lists the 12 categories of the spec in its order, each with a picture', async () => {
    expect(categories.map((c) => c.categoriName)).toEqual([...CATEGORY_NAMES]);
    expect(categories.map((c) => c.order)).toEqual(CATEGORY_NAMES.map((_, i) => i + 1));
    for (const category of categories) {
      expect(category._id).toMatch(/^[0-9a-f]{24}$/);
      expect(category.imageUrl).toMatch(/^\/api\/images\/[0-9a-f]{24}/);
    }
  });

  it('sells at least 8 pizzas with four sizes and crust add-ons, stuffed crust £2.00', () => {
    const pizzas = inCategory('Pizza');
    expect(pizzas.length).toBeGreaterThanOrEqual(8);
    for (const pizza of pizzas) {
      for (const price of [pizza.regularDiscount, pizza.mediumDiscount, pizza.largeDiscount, pizza.extraLargeDiscount]) {
        expect(typeof price).toBe('number');
        expect(price).toBeGreaterThan(0);
      }
      expect(pizza.regularDiscount).toBeLessThan(pizza.mediumDiscount as number);
      expect(pizza.largeDiscount).toBeLessThan(pizza.extraLargeDiscount as number);
      expect(pizza).toMatchObject({ deep_pan: 0, thin_crust: 0, stuffed_crust: 2 });
    }
    expect(menu.find((p) => p.title === 'Margherita')).toMatchObject({
      regularDiscount: 7.49,
      mediumDiscount: 10.99,
      largeDiscount: 13.99,
      extraLargeDiscount: 16.99,
    });
  });

  it('sells wings by 6 and 10 pieces, normal or boneless', () => {
    const wings = inCategory('Wings');
    expect(wings.length).toBeGreaterThanOrEqual(3);
    for (const wing of wings) {
      expect(wing.regularDiscount).toBeGreaterThan(0);
      expect(wing.mediumDiscount).toBeGreaterThan(wing.regularDiscount as number);
      expect(wing.largeDiscount).toBe('');
      expect(wing.extraLargeDiscount).toBe('');
      expect(wing.normal).toBe(0);
      expect(typeof wing.boneless).toBe('number');
      expect(wing.stuffed_crust).toBeNull();
    }
  });

  it('sells vegan pizzas in sizes and at least 3 products in every category', () => {
    const vegan = inCategory('Vegan');
    expect(vegan.length).toBeGreaterThanOrEqual(3);
    for (const pizza of vegan) expect(pizza.largeDiscount).toBeGreaterThan(0);
    for (const name of CATEGORY_NAMES) expect(inCategory(name).length, name).toBeGreaterThanOrEqual(3);
  });

  it('sells drinks that are clearly cans, bottles or water', () => {
    const drinks = inCategory('Drinks');
    for (const drink of drinks) {
      expect(['can', 'bottle', 'water']).toContain(drink.drinkKind);
      const label = { can: /Can \d+ml/, bottle: /\d(\.\d+)?L Bottle/, water: /Water \d+ml/ }[drink.drinkKind as 'can' | 'bottle' | 'water'];
      expect(drink.title).toMatch(label);
    }
    for (const kind of ['can', 'bottle', 'water']) expect(drinks.some((d) => d.drinkKind === kind)).toBe(true);
    for (const other of menu.filter((p) => p.category !== 'Drinks')) expect(other.drinkKind).toBeNull();
  });

  it('sells the deals of the spec with their slot rules as data', () => {
    const deals = inCategory('Deals');
    for (const deal of deals) {
      expect(dealSlotsSchema.safeParse(deal.dealSlots).success, deal.title).toBe(true);
      for (const slot of deal.dealSlots!) {
        if (slot.kind === 'pizza') expect(slot.categories).toEqual(['Pizza', 'Vegan']);
        if (slot.kind === 'drink') expect(slot.count).toBe(1);
      }
    }
    const byTitle = (title: string) => {
      const deal = deals.find((d) => d.title === title);
      expect(deal, title).toBeDefined();
      return deal!;
    };
    const pairs = deals.filter((d) => /pair/i.test(d.title));
    expect(pairs).toHaveLength(2);
    for (const pair of pairs) expect(itemCount(pair)).toBe(2);

    const twoLarge = byTitle('Any 2 Large Pizzas');
    expect(twoLarge.dealSlots).toEqual([expect.objectContaining({ kind: 'pizza', count: 2, sizes: ['l'] })]);
    expect(twoLarge.largeDiscount).toBeGreaterThan(0);
    expect(twoLarge.regularDiscount).toBe('');

    expect(deals.filter((d) => itemCount(d) === 3 && d.dealSlots!.every((s) => s.kind === 'pizza'))).not.toHaveLength(0);

    const mealForTwo = byTitle('Meal for Two');
    expect(nonDrinkCount(mealForTwo)).toBe(5);
    expect(mealForTwo.dealSlots!.map((s) => [s.kind, s.count])).toEqual([
      ['pizza', 2],
      ['side', 1],
      ['sideToShare', 1],
      ['dessert', 1],
      ['drink', 1],
    ]);
    expect(mealForTwo.dealSlots!.find((s) => s.kind === 'drink')!.drinkKinds).toEqual(['bottle']);
    expect(deals.filter((d) => d !== mealForTwo && nonDrinkCount(d) === 5)).not.toHaveLength(0);

    const single = byTitle('Single Pack');
    expect(nonDrinkCount(single)).toBe(2);
    expect(single.dealSlots!.find((s) => s.kind === 'pizza')).toMatchObject({ count: 1, sizes: ['s'] });
    expect(single.dealSlots!.find((s) => s.kind === 'drink')).toMatchObject({ count: 1, drinkKinds: ['can'] });

    const fussy = byTitle('Fussy Eaters');
    expect(fussy.dealSlots).toEqual([expect.objectContaining({ kind: 'pizza', count: 4, extraEach: 499, max: 8 })]);
  });

  it('lists toppings of the 4 categories, some free and some under £1', async () => {
    const toppings = await getJson<IngredientWire[]>(`${server.url}/api/ingredients`);
    expect(new Set(toppings.map((t) => t.category))).toEqual(new Set(['Pizza', 'Crust', 'Shakes', 'Dips']));
    expect(toppings.some((t) => t.toopingPrice === 0)).toBe(true);
    expect(toppings.some((t) => t.toopingPrice > 0 && t.toopingPrice < 1)).toBe(true);
    for (const topping of toppings) expect(Number.isInteger(Math.round(topping.toopingPrice * 100))).toBe(true);
  });

  it('orders the menu by category, then title, and filters by category name', async () => {
    const orderOf = new Map(categories.map((c) => [c.categoriName, c.order]));
    const keys = menu.map((p) => [orderOf.get(p.category)!, p.title] as const);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    expect(keys).toEqual(sorted);

    const dips = await getJson<ProductWire[]>(`${server.url}/api/products/Dips`);
    expect(dips.map((p) => p.title)).toEqual(inCategory('Dips').map((p) => p.title));
    const sidesToShare = await getJson<ProductWire[]>(`${server.url}/api/products/${encodeURIComponent('Sides To Share')}`);
    expect(sidesToShare.length).toBeGreaterThanOrEqual(3);
    expect(await getJson<ProductWire[]>(`${server.url}/api/products/Sushi`)).toEqual([]);
  });

  it('serves every product and category picture as a cacheable WebP', async () => {
    const urls = [...menu.map((p) => p.imageUrl), ...categories.map((c) => c.imageUrl)];
    expect(urls.every((u) => typeof u === 'string')).toBe(true);
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
      expect(bytes.toString('ascii', 8, 12)).toBe('WEBP');
    }
  });

  it('picks the nearest image size and answers 304 to a matching ETag', async () => {
    const base = menu[0]!.imageUrl!.split('?')[0]!;
    const small = await fetch(`${server.url}${base}?w=100`);
    const full = await fetch(`${server.url}${base}`);
    const smallBytes = (await small.arrayBuffer()).byteLength;
    expect(smallBytes).toBeLessThan((await full.arrayBuffer()).byteLength);
    const etag = small.headers.get('etag')!;
    const again = await fetch(`${server.url}${base}?w=100`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('creates the admin with an argon2id hash of the configured password', async () => {
    const [admin] = await server.database.db.select().from(users);
    expect(admin).toMatchObject({ email: TEST_ADMIN_EMAIL, role: 'owner' });
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin!.passwordHash, TEST_ADMIN_PASSWORD)).toBe(true);
  });

  it('seeds nothing the second time and loses nothing', async () => {
    const db = server.database.db;
    const countsBefore = await Promise.all([
      db.select({ n: count() }).from(products),
      db.select({ n: count() }).from(images),
      db.select({ n: count() }).from(users),
    ]);
    const result = await seedDatabase(db, { adminPassword: 'another-password', log: () => {} });
    expect(result).toEqual({ seeded: false, adminEmail: TEST_ADMIN_EMAIL });
    const countsAfter = await Promise.all([
      db.select({ n: count() }).from(products),
      db.select({ n: count() }).from(images),
      db.select({ n: count() }).from(users),
    ]);
    expect(countsAfter).toEqual(countsBefore);
    expect(await getJson<ProductWire[]>(`${server.url}/api/allproduts`)).toEqual(menu);
    const [admin] = await db.select().from(users);
    expect(await verifyPassword(admin!.passwordHash, TEST_ADMIN_PASSWORD)).toBe(true);
  });
});

describe('seeding an empty database', () => {
  it('generates and returns an admin password when none is configured', async () => {
    const server = await startTestServer({ db: testDatabases().at(-1)! });
    try {
      const result = await seedDatabase(server.database.db, { adminEmail: 'Boss@Example.com', log: () => {} });
      expect(result.seeded).toBe(true);
      expect(result.adminEmail).toBe('boss@example.com');
      expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
      const [admin] = await server.database.db.select().from(users);
      expect(await verifyPassword(admin!.passwordHash, result.generatedPassword!)).toBe(true);
      const categories = await getJson<CategoryWire[]>(`${server.url}/api/allcategori`);
      expect(categories).toHaveLength(12);
    } finally {
      await server.close();
    }
  });
});
