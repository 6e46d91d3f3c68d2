import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngredientWire, ProductWire } from '@shop/shared/contract/catalogue';
import { lineAllergens } from '@shop/shared/domain/allergens';
import { buildPricingCatalogue } from '@shop/shared/domain/wire-pricing';
import { MENU_PRODUCTS, PRODUCT_ALLERGENS } from '../src/db/seed/menu';
import { startTestServer, testDatabases, type TestServer } from './harness';

// The seeded menu's allergens (issue 22 point 1, decision 1000) as the storefront reads them: not only 'recorded'
// but decided, dish by dish, by what each is made of.

const mentions = (text: string, words: RegExp) => words.test(text.toLowerCase());
const DAIRY = /cheese|mozzarella|cheddar|butter|\bcream\b|milk|yoghurt/;

describe.each(testDatabases())('the seeded menu’s allergens on %s', (kind) => {
  let server: TestServer;
  let products: ProductWire[];
  let toppings: IngredientWire[];

  beforeAll(async () => {
    server = await startTestServer({ seed: true, db: kind });
    products = (await (await fetch(`${server.url}/api/allproduts`)).json()) as ProductWire[];
    toppings = (await (await fetch(`${server.url}/api/ingredients`)).json()) as IngredientWire[];
  });
  afterAll(async () => {
    await server?.close();
  });

  const of = (title: string) => products.find((product) => product.title === title)!;

  it('records a decision for every seeded product, and none for a dish that is not on the menu', () => {
    expect(products.map((product) => product.title).sort()).toEqual(MENU_PRODUCTS.map((product) => product.title).sort());
    expect(Object.keys(PRODUCT_ALLERGENS).sort()).toEqual(MENU_PRODUCTS.map((product) => product.title).sort());
  });

  it('a fresh install is fully recorded: the seed runs after migration 0008, so no product or topping is null (decision 1004)', () => {
    expect(products.filter((product) => product.allergens === null).map((product) => product.title)).toEqual([]);
    expect(toppings.filter((topping) => topping.allergens === null).map((topping) => topping.ToopingName)).toEqual([]);
  });

  it('every pizza, vegan or not, has gluten (the shop sells no gluten-free base)', () => {
    const pizzas = products.filter((product) => product.category === 'Pizza' || product.category === 'Vegan');
    expect(pizzas.length).toBeGreaterThan(10);
    for (const pizza of pizzas) expect(pizza.allergens, pizza.title).toContain('gluten');
  });

  it('every dish made with cheese, butter, cream or milk has milk; no vegan pizza has milk, eggs or fish', () => {
    for (const product of products.filter((item) => item.category !== 'Vegan' && mentions(`${item.title} ${item.description}`, DAIRY)))
      expect(product.allergens, product.title).toContain('milk');
    for (const vegan of products.filter((item) => item.category === 'Vegan'))
      expect(
        (vegan.allergens ?? []).filter((code) => ['milk', 'eggs', 'fish', 'crustaceans', 'molluscs'].includes(code)),
        vegan.title,
      ).toEqual([]);
  });

  it('shakes have milk, drinks have none, deals take theirs from the dishes chosen', () => {
    for (const shake of products.filter((item) => item.category === 'Shakes')) expect(shake.allergens, shake.title).toContain('milk');
    for (const drink of products.filter((item) => item.category === 'Drinks')) expect(drink.allergens, drink.title).toEqual([]);
    for (const deal of products.filter((item) => item.category === 'Deals')) expect(deal.allergens, deal.title).toEqual([]);
    expect(of('Chunky Chips').allergens).toEqual([]);
    expect(of('Oreo Cookie Shake').allergens).toEqual(['gluten', 'milk', 'soya']);
    expect(of('Onion Rings').allergens).toEqual(['gluten']);
  });

  it('toppings, crusts, dips and flavours carry what they add', () => {
    const topping = (name: string) => toppings.find((item) => item.ToopingName === name)!;
    expect(topping('Extra Mozzarella').allergens).toEqual(['milk']);
    expect(topping('Sesame Seed Crust').allergens).toEqual(['sesame']);
    expect(topping('Oreo Crumb Flavour').allergens).toEqual(['gluten', 'soya']);
    expect(topping('Garlic & Herb').allergens).toEqual(['eggs', 'milk', 'mustard']);
    expect(topping('Ketchup').allergens).toEqual(['celery']);
    expect(topping('Mushrooms').allergens).toEqual([]);
    for (const item of toppings.filter((entry) => mentions(entry.ToopingName, DAIRY)))
      expect(item.allergens, item.ToopingName).toContain('milk');
  });

  it('a line of the seeded menu adds its choices: a vegan pizza with sesame crust and a stuffed crust deal', () => {
    const catalogue = buildPricingCatalogue(products, toppings);
    const id = (name: string) => toppings.find((item) => item.ToopingName === name)!._id;
    expect(lineAllergens({ productId: of('Vegan Margherita')._id, toppingIds: [id('Sesame Seed Crust')] }, catalogue)).toEqual([
      'gluten',
      'sesame',
    ]);
    expect(
      lineAllergens(
        {
          productId: of('Pizza & Wings Pair')._id,
          deal: { crust: 'stuffed_crust', items: [{ productId: of('Vegan Margherita')._id }, { productId: of('BBQ Wings')._id }] },
        },
        catalogue,
      ),
    ).toEqual(['celery', 'gluten', 'milk', 'mustard']);
  });
});
