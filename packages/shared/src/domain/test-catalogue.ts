/**
 * A small realistic menu for tests of the pricing and deal rules (here and in the server's and web's
 * tests), so every test prices the same pizzas. Prices are pence.
 */
import type { DealSlot, Size } from './catalogue';
import type { PricedProduct, PricedTopping, PricingCatalogue } from './product-options';

let next = 0;
function id(): string {
  next += 1;
  return next.toString(16).padStart(24, 'a');
}

function product(
  title: string,
  category: string,
  prices: Partial<Record<Size, number | null>>,
  extra: Partial<PricedProduct> = {},
): PricedProduct {
  return { id: id(), title, category, prices, crust: null, wingTypes: null, drinkKind: null, dealSlots: null, ...extra };
}

function topping(name: string, category: PricedTopping['category'], price: number): PricedTopping {
  return { id: id(), name, category, price };
}

export const margherita = product(
  'Margherita',
  'Pizza',
  { s: 799, m: 1099, l: 1399, xl: 1599 },
  { crust: { deep_pan: 0, thin_crust: 0, stuffed_crust: 200 } },
);
export const pepperoni = product(
  'Pepperoni',
  'Pizza',
  { s: 899, m: 1199, l: 1499, xl: null },
  { crust: { deep_pan: 0, thin_crust: 50, stuffed_crust: 250 } },
);
/** A pizza without crust prices, not sold large. */
export const hawaiian = product('Hawaiian', 'Pizza', { s: 699, m: 999, l: 0 });
/** A pizza with no regular size: its default is medium. */
export const meatFeast = product(
  'Meat Feast',
  'Pizza',
  { s: 0, m: 1299, l: 1599 },
  { crust: { deep_pan: 0, thin_crust: 0, stuffed_crust: 200 } },
);
export const veganGarden = product('Vegan Garden', 'Vegan', { s: 899, m: 1199, l: 1499 });
export const wings = product('Chicken Wings', 'Wings', { s: 599, m: 899 }, { wingTypes: { normal: 0, boneless: 100 } });
export const shake = product('Milkshake', 'Shakes', { s: 450 });
export const chips = product('Chips', 'Sides', { s: 299 });
export const nachos = product('Loaded Nachos', 'Nachos', { s: 550 });
export const garlicBread = product('Garlic Bread Platter', 'Sides To Share', { s: 499 });
export const cookie = product('Cookie Dough', 'Desserts', { s: 350 });
export const cokeCan = product('Coca-Cola Can', 'Drinks', { s: 120 }, { drinkKind: 'can' });
export const pepsiBottle = product('Pepsi 1.5L', 'Drinks', { s: 275 }, { drinkKind: 'bottle' });
export const water = product('Still Water', 'Drinks', { s: 100 }, { drinkKind: 'water' });
export const bbqDipPot = product('BBQ Dip Pot', 'Dips', { s: 60 });
/** On the menu but without any price: not for sale. */
export const unpricedSide = product('Onion Rings', 'Sides', { s: null, m: 0 });

const pizzaSlot = (count: number, more: Partial<DealSlot> = {}): DealSlot => ({
  kind: 'pizza',
  label: 'Pizzas',
  categories: ['Pizza', 'Vegan'],
  count,
  ...more,
});

export const anyTwoLarge = product('Any 2 Large Pizzas', 'Deals', { l: 2299 }, { dealSlots: [pizzaSlot(2, { sizes: ['l'] })] });
export const singlePack = product(
  'Single Pack',
  'Deals',
  { s: 899 },
  {
    dealSlots: [
      pizzaSlot(1, { label: 'Pizza', sizes: ['s'] }),
      { kind: 'side', label: 'Side', categories: ['Sides'], count: 1 },
      { kind: 'drink', label: 'Drink', categories: ['Drinks'], count: 1, drinkKinds: ['can'] },
    ],
  },
);
export const mealForTwo = product(
  'Meal for Two',
  'Deals',
  { m: 2499, l: 2999 },
  {
    dealSlots: [
      pizzaSlot(2),
      { kind: 'side', label: 'Side', categories: ['Sides'], count: 1 },
      { kind: 'sideToShare', label: 'Side to share', categories: ['Sides To Share'], count: 1 },
      { kind: 'dessert', label: 'Dessert', categories: ['Desserts'], count: 1 },
      { kind: 'drink', label: 'Drink', categories: ['Drinks'], count: 1, drinkKinds: ['bottle'] },
    ],
  },
);
export const fussyEaters = product('Fussy Eaters', 'Deals', { m: 2999 }, { dealSlots: [pizzaSlot(4, { extraEach: 500, max: 8 })] });

export const mushroom = topping('Mushroom', 'Pizza', 50);
export const olives = topping('Olives', 'Pizza', 0);
export const extraCheese = topping('Extra Cheese', 'Pizza', 120);
export const cheesyCrust = topping('Cheesy Crust', 'Crust', 150);
export const vanilla = topping('Vanilla', 'Shakes', 100);
export const oreo = topping('Oreo', 'Shakes', 150);
export const bbqDip = topping('BBQ Dip', 'Dips', 50);
export const garlicDip = topping('Garlic Dip', 'Dips', 0);

export const TEST_PRODUCTS: readonly PricedProduct[] = [
  margherita,
  pepperoni,
  hawaiian,
  meatFeast,
  veganGarden,
  wings,
  shake,
  chips,
  nachos,
  garlicBread,
  cookie,
  cokeCan,
  pepsiBottle,
  water,
  bbqDipPot,
  unpricedSide,
  anyTwoLarge,
  singlePack,
  mealForTwo,
  fussyEaters,
];
export const TEST_TOPPINGS: readonly PricedTopping[] = [mushroom, olives, extraCheese, cheesyCrust, vanilla, oreo, bbqDip, garlicDip];

export const testCatalogue: PricingCatalogue = {
  products: new Map(TEST_PRODUCTS.map((p) => [p.id, p])),
  toppings: new Map(TEST_TOPPINGS.map((t) => [t.id, t])),
};

/** An id that is in no catalogue. */
export const MISSING_ID = 'f'.repeat(24);
