import type { Allergen } from '@shop/shared/domain/allergens';
import { CATEGORY_NAMES, dealSlotsSchema, type DealSlot, type DrinkKind, type ToppingCategory } from '@shop/shared/domain/catalogue';

export type CategoryName = (typeof CATEGORY_NAMES)[number];

/** A seeded product, prices in pence. */
export interface MenuProduct {
  title: string;
  description: string;
  category: CategoryName;
  prices: { s?: number; m?: number; l?: number; xl?: number };
  crust?: { deepPan: number; thin: number; stuffed: number | null };
  wings?: { normal: number; boneless: number };
  drinkKind?: DrinkKind;
  dealSlots?: DealSlot[];
  /** Main colour of the drawn picture (a sauce, a flavour, a brand). */
  colour?: string;
  /** Its own allergens (issue 22, decision 1000): PRODUCT_ALLERGENS' entry for its title. */
  allergens: Allergen[];
}

export interface MenuTopping {
  name: string;
  category: ToppingCategory;
  price: number;
  allergens: Allergen[];
}

type Draft = Omit<MenuProduct, 'allergens'>;

// The usual UK chain ladder for 7", 10", 13" and 15".
const PIZZA = { s: 749, m: 1099, l: 1399, xl: 1699 };
const PREMIUM_PIZZA = { s: 849, m: 1199, l: 1499, xl: 1799 };
const CRUSTS = { deepPan: 0, thin: 0, stuffed: 200 };
const VEGAN_PIZZA = { s: 799, m: 1149, l: 1449, xl: 1749 };
// Vegan pizzas have no stuffed crust: the stuffing is dairy cheese.
const VEGAN_CRUSTS = { deepPan: 0, thin: 0, stuffed: null };

const pizza = (title: string, description: string, colour: string, prices = PIZZA): Draft => ({
  title,
  description,
  category: 'Pizza',
  prices,
  crust: CRUSTS,
  colour,
});
const vegan = (title: string, description: string, colour: string): Draft => ({
  title,
  description,
  category: 'Vegan',
  prices: VEGAN_PIZZA,
  crust: VEGAN_CRUSTS,
  colour,
});
const wings = (title: string, description: string, colour: string, six: number, ten: number): Draft => ({
  title,
  description,
  category: 'Wings',
  prices: { s: six, m: ten },
  wings: { normal: 0, boneless: 50 },
  colour,
});
const single = (category: CategoryName, title: string, description: string, price: number, colour?: string): Draft => ({
  title,
  description,
  category,
  prices: { s: price },
  ...(colour ? { colour } : {}),
});
const drink = (title: string, description: string, kind: DrinkKind, price: number, colour: string): Draft => ({
  title,
  description,
  category: 'Drinks',
  prices: { s: price },
  drinkKind: kind,
  colour,
});

const PIZZA_CATEGORIES = ['Pizza', 'Vegan'];

function slots(list: DealSlot[]): DealSlot[] {
  // Parsed here so a typo in the seed fails at start-up rather than in a customer's basket.
  return dealSlotsSchema.parse(list);
}

// Every seeded deal holds pizzas; their crust is chosen once for the deal and its add-on price applies per pizza.
const deal = (title: string, description: string, prices: MenuProduct['prices'], dealSlots: DealSlot[]): Draft => ({
  title,
  description,
  category: 'Deals',
  prices,
  crust: CRUSTS,
  dealSlots: slots(dealSlots),
});

const DRAFTS: Draft[] = [
  pizza('Margherita', 'Tomato sauce and mozzarella with a sprinkle of oregano.', '#f1c40f'),
  pizza('Pepperoni Passion', 'Double pepperoni on tomato sauce and mozzarella.', '#c0392b'),
  pizza('Hawaiian', 'Ham and pineapple on tomato sauce and mozzarella.', '#f39c12'),
  pizza('Meat Feast', 'Pepperoni, ham, sausage and spicy beef.', '#8e2b1e', PREMIUM_PIZZA),
  pizza('BBQ Chicken', 'Chicken, red onion and green peppers on a smoky BBQ base.', '#6e2c00', PREMIUM_PIZZA),
  pizza('Veggie Supreme', 'Mushrooms, red onion, green peppers, sweetcorn and black olives.', '#27ae60'),
  pizza('Tandoori Hot', 'Tandoori chicken, red onion, green peppers and jalapeños.', '#d35400', PREMIUM_PIZZA),
  pizza('Four Cheese', 'Mozzarella, cheddar, red Leicester and a blue cheese drizzle.', '#f7dc6f'),
  pizza('Spicy Beef & Jalapeño', 'Spicy minced beef, jalapeños, red onion and chilli flakes.', '#a93226', PREMIUM_PIZZA),
  pizza('Chicken Tikka', 'Chicken tikka, onion, peppers and fresh coriander.', '#e67e22', PREMIUM_PIZZA),

  wings('Classic Chicken Wings', 'Crispy wings with a sprinkle of sea salt.', '#e59866', 549, 849),
  wings('BBQ Wings', 'Wings tossed in smoky BBQ sauce.', '#784212', 599, 899),
  wings('Buffalo Hot Wings', 'Wings in a fiery buffalo sauce with a cooling dip.', '#cb4335', 599, 899),
  wings('Salt & Pepper Wings', 'Wings with salt, pepper, onion and chilli.', '#aab7b8', 599, 899),

  vegan('Vegan Margherita', 'Tomato sauce and vegan mozzarella-style cheese.', '#f4d03f'),
  vegan('Vegan Garden Feast', 'Mushrooms, peppers, red onion, spinach and sweetcorn on vegan cheese.', '#229954'),
  vegan('Vegan Jackfruit BBQ', 'Pulled BBQ jackfruit, red onion and peppers on vegan cheese.', '#935116'),
  vegan('Vegan Hot Pepperoni', 'Plant-based pepperoni, jalapeños and vegan cheese.', '#b03a2e'),

  single('Sides', 'Garlic Bread', 'Four slices of oven-baked garlic bread.', 349, '#f5cba7'),
  single('Sides', 'Cheesy Garlic Bread', 'Garlic bread topped with melted mozzarella.', 449, '#f7dc6f'),
  single('Sides', 'Potato Wedges', 'Seasoned potato wedges.', 349, '#dc7633'),
  single('Sides', 'Chunky Chips', 'A portion of thick-cut chips.', 299, '#f4d03f'),
  single('Sides', 'Onion Rings', 'Eight golden battered onion rings.', 349, '#e59866'),

  single('Shakes', 'Chocolate Shake', 'Thick chocolate milkshake, 400ml.', 399, '#6e2c00'),
  single('Shakes', 'Strawberry Shake', 'Thick strawberry milkshake, 400ml.', 399, '#ec7063'),
  single('Shakes', 'Vanilla Shake', 'Thick vanilla milkshake, 400ml.', 399, '#fcf3cf'),
  single('Shakes', 'Oreo Cookie Shake', 'Vanilla milkshake blended with Oreo cookies, 400ml.', 449, '#5d6d7e'),

  single('Nachos', 'Loaded Nachos', 'Tortilla chips with cheese sauce, salsa, sour cream and jalapeños.', 599, '#f5b041'),
  single('Nachos', 'Chilli Beef Nachos', 'Tortilla chips with chilli con carne and melted cheddar.', 699, '#a04000'),
  single('Nachos', 'Jalapeño Cheese Nachos', 'Tortilla chips with cheese sauce and sliced jalapeños.', 549, '#58d68d'),

  single('Sides To Share', 'Chicken Strips Sharer', 'Twelve crispy chicken strips with two dips.', 899, '#dc7633'),
  single('Sides To Share', 'Mozzarella Sticks Sharer', 'Ten mozzarella sticks with a tomato dip.', 799, '#f8c471'),
  single('Sides To Share', 'Mega Wedges Box', 'A big box of wedges topped with cheese and bacon bits.', 749, '#d68910'),
  single('Sides To Share', 'Party Sharer Box', 'Wings, strips, wedges and garlic bread in one box.', 1299, '#c0392b'),

  drink('Coca-Cola Can 330ml', 'A chilled can of Coca-Cola.', 'can', 129, '#e41e26'),
  drink('Diet Coke Can 330ml', 'A chilled can of Diet Coke.', 'can', 129, '#b3b6b7'),
  drink('Fanta Orange Can 330ml', 'A chilled can of Fanta Orange.', 'can', 129, '#f39c12'),
  drink('Sprite Can 330ml', 'A chilled can of Sprite.', 'can', 129, '#27ae60'),
  drink('Coca-Cola 1.25L Bottle', 'A 1.25 litre bottle of Coca-Cola to share.', 'bottle', 299, '#e41e26'),
  drink('Pepsi Max 1.25L Bottle', 'A 1.25 litre bottle of Pepsi Max to share.', 'bottle', 299, '#1f3a93'),
  drink('Fanta Orange 1.25L Bottle', 'A 1.25 litre bottle of Fanta Orange to share.', 'bottle', 299, '#f39c12'),
  drink('Buxton Still Water 500ml', 'Still mineral water.', 'water', 119, '#5dade2'),
  drink('Buxton Sparkling Water 500ml', 'Sparkling mineral water.', 'water', 119, '#85c1e9'),

  single('Desserts', 'Chocolate Fudge Cake', 'A warm slice of rich chocolate fudge cake.', 399, '#6e2c00'),
  single('Desserts', 'Cookie Dough Bites', 'Warm chocolate chip cookie dough bites.', 449, '#c68642'),
  single('Desserts', 'New York Cheesecake', 'Baked vanilla cheesecake on a biscuit base.', 399, '#fdebd0'),
  single('Desserts', "Ben & Jerry's Cookie Dough 465ml", "A tub of Ben & Jerry's Chocolate Chip Cookie Dough ice cream.", 699, '#5dade2'),

  single('Dips', 'Garlic & Herb Dip', 'The classic creamy garlic and herb dip.', 69, '#fdfefe'),
  single('Dips', 'BBQ Dip', 'Smoky barbecue dip.', 69, '#6e2c00'),
  single('Dips', 'Sweet Chilli Dip', 'Sweet chilli dip with a gentle kick.', 69, '#e74c3c'),
  single('Dips', 'Sriracha Mayo Dip', 'Creamy mayonnaise with sriracha heat.', 69, '#f0b27a'),

  single('Crust', 'Garlic Butter Crust Dippers', 'Strips of pizza crust brushed with garlic butter.', 349, '#f5cba7'),
  single('Crust', 'Cheese-Stuffed Crust Bites', 'Bite-size crust pieces stuffed with mozzarella.', 449, '#f7dc6f'),
  single('Crust', 'Cinnamon Sugar Crust Twists', 'Sweet twisted crust with cinnamon sugar and icing.', 399, '#d4a373'),

  // Pair deals: two items chosen together; pizzas take the size picked for the deal.
  deal('Pizza Pair', 'Any two pizzas of the same size.', { s: 1299, m: 1899, l: 2399, xl: 2799 }, [
    { kind: 'pizza', label: 'Choose 2 pizzas', categories: PIZZA_CATEGORIES, count: 2 },
  ]),
  deal('Pizza & Wings Pair', 'Any pizza plus a portion of 6 wings.', { s: 1199, m: 1499, l: 1799, xl: 2099 }, [
    { kind: 'pizza', label: 'Choose your pizza', categories: PIZZA_CATEGORIES, count: 1 },
    { kind: 'wings', label: 'Choose your wings', categories: ['Wings'], count: 1 },
  ]),
  deal('Any 2 Large Pizzas', 'Any two 13" large pizzas for one price.', { l: 2199 }, [
    { kind: 'pizza', label: 'Choose 2 large pizzas', categories: PIZZA_CATEGORIES, count: 2, sizes: ['l'] },
  ]),
  deal('Triple Pizza Deal', 'Any three pizzas of the same size.', { m: 2499, l: 3099, xl: 3699 }, [
    { kind: 'pizza', label: 'Choose 3 pizzas', categories: PIZZA_CATEGORIES, count: 3 },
  ]),
  // Five items for two people, plus the one drink every deal except the single pack may include.
  deal('Meal for Two', 'Two pizzas, a side, a side to share, a dessert and a bottle of drink.', { m: 2799, l: 3299, xl: 3799 }, [
    { kind: 'pizza', label: 'Choose 2 pizzas', categories: PIZZA_CATEGORIES, count: 2 },
    { kind: 'side', label: 'Choose a side', categories: ['Sides'], count: 1 },
    { kind: 'sideToShare', label: 'Choose a side to share', categories: ['Sides To Share'], count: 1 },
    { kind: 'dessert', label: 'Choose a dessert', categories: ['Desserts'], count: 1 },
    { kind: 'drink', label: 'Choose a bottle of drink', categories: ['Drinks'], count: 1, drinkKinds: ['bottle'] },
  ]),
  deal('Family Feast', 'Two pizzas, wings, a side to share, a dessert and a bottle of drink.', { l: 3999, xl: 4599 }, [
    { kind: 'pizza', label: 'Choose 2 pizzas', categories: PIZZA_CATEGORIES, count: 2 },
    { kind: 'wings', label: 'Choose your wings', categories: ['Wings'], count: 1 },
    { kind: 'sideToShare', label: 'Choose a side to share', categories: ['Sides To Share'], count: 1 },
    { kind: 'dessert', label: 'Choose a dessert', categories: ['Desserts'], count: 1 },
    { kind: 'drink', label: 'Choose a bottle of drink', categories: ['Drinks'], count: 1, drinkKinds: ['bottle'] },
  ]),
  // The spec counts 2 products for the single pack and separately limits the drink to one can, so the pack is
  // a regular pizza and a side (the 2 products) plus one can, the same way the other deals add their drink.
  deal('Single Pack', 'A regular 7" pizza, a side and a can of drink.', { s: 999 }, [
    { kind: 'pizza', label: 'Choose a regular pizza', categories: PIZZA_CATEGORIES, count: 1, sizes: ['s'] },
    { kind: 'side', label: 'Choose a side', categories: ['Sides'], count: 1 },
    { kind: 'drink', label: 'Choose a can', categories: ['Drinks'], count: 1, drinkKinds: ['can'] },
  ]),
  deal('Fussy Eaters', 'Four regular 7" pizzas, one each; add more for £4.99 each.', { s: 2199 }, [
    { kind: 'pizza', label: 'Choose 4 regular pizzas', categories: PIZZA_CATEGORIES, count: 4, sizes: ['s'], extraEach: 499, max: 8 },
  ]),
];

/**
 * What each seeded dish contains of the 14 (decision 1000), as a UK pizza shop's supplier labels usually say: the
 * dough is wheat (gluten), the cheese milk, a BBQ sauce has barley malt vinegar (gluten) and mustard, a tandoori or
 * tikka marinade yoghurt (milk) and mustard, wing and chilli seasonings celery, sausage sulphites, a coating or
 * batter wheat (and egg), chocolate soya. A real shop checks each against its own suppliers' labels and records it
 * in the back office. Deals record none of their own: a deal's allergens are those of the dishes chosen for it.
 */
export const PRODUCT_ALLERGENS: Readonly<Record<string, Allergen[]>> = {
  Margherita: ['gluten', 'milk'],
  'Pepperoni Passion': ['gluten', 'milk'],
  Hawaiian: ['gluten', 'milk'],
  'Meat Feast': ['gluten', 'milk', 'sulphites'],
  'BBQ Chicken': ['gluten', 'milk', 'mustard'],
  'Veggie Supreme': ['gluten', 'milk'],
  'Tandoori Hot': ['gluten', 'milk', 'mustard'],
  'Four Cheese': ['gluten', 'milk'],
  'Spicy Beef & Jalapeño': ['gluten', 'milk', 'soya'],
  'Chicken Tikka': ['gluten', 'milk', 'mustard'],

  'Classic Chicken Wings': ['celery', 'gluten'],
  'BBQ Wings': ['celery', 'gluten', 'mustard'],
  'Buffalo Hot Wings': ['celery', 'eggs', 'gluten', 'milk'],
  'Salt & Pepper Wings': ['celery', 'gluten'],

  // Vegan cheese here is coconut oil and starch: no allergen of the 14.
  'Vegan Margherita': ['gluten'],
  'Vegan Garden Feast': ['gluten'],
  'Vegan Jackfruit BBQ': ['gluten', 'mustard'],
  'Vegan Hot Pepperoni': ['gluten', 'soya'],

  'Garlic Bread': ['gluten', 'milk'],
  'Cheesy Garlic Bread': ['gluten', 'milk'],
  'Potato Wedges': ['gluten'],
  'Chunky Chips': [],
  'Onion Rings': ['gluten'],

  'Chocolate Shake': ['milk', 'soya'],
  'Strawberry Shake': ['milk'],
  'Vanilla Shake': ['milk'],
  'Oreo Cookie Shake': ['gluten', 'milk', 'soya'],

  // Corn tortilla chips: the milk is the cheese and sour cream; chilli con carne has celery.
  'Loaded Nachos': ['milk'],
  'Chilli Beef Nachos': ['celery', 'milk'],
  'Jalapeño Cheese Nachos': ['milk'],

  'Chicken Strips Sharer': ['eggs', 'gluten'],
  'Mozzarella Sticks Sharer': ['eggs', 'gluten', 'milk'],
  'Mega Wedges Box': ['gluten', 'milk'],
  'Party Sharer Box': ['celery', 'eggs', 'gluten', 'milk'],

  'Coca-Cola Can 330ml': [],
  'Diet Coke Can 330ml': [],
  'Fanta Orange Can 330ml': [],
  'Sprite Can 330ml': [],
  'Coca-Cola 1.25L Bottle': [],
  'Pepsi Max 1.25L Bottle': [],
  'Fanta Orange 1.25L Bottle': [],
  'Buxton Still Water 500ml': [],
  'Buxton Sparkling Water 500ml': [],

  'Chocolate Fudge Cake': ['eggs', 'gluten', 'milk', 'soya'],
  'Cookie Dough Bites': ['eggs', 'gluten', 'milk', 'soya'],
  'New York Cheesecake': ['eggs', 'gluten', 'milk'],
  "Ben & Jerry's Cookie Dough 465ml": ['eggs', 'gluten', 'milk', 'soya'],

  'Garlic & Herb Dip': ['eggs', 'milk', 'mustard'],
  'BBQ Dip': ['gluten', 'mustard'],
  'Sweet Chilli Dip': [],
  'Sriracha Mayo Dip': ['eggs', 'mustard'],

  'Garlic Butter Crust Dippers': ['gluten', 'milk'],
  'Cheese-Stuffed Crust Bites': ['gluten', 'milk'],
  'Cinnamon Sugar Crust Twists': ['gluten', 'milk'],

  'Pizza Pair': [],
  'Pizza & Wings Pair': [],
  'Any 2 Large Pizzas': [],
  'Triple Pizza Deal': [],
  'Meal for Two': [],
  'Family Feast': [],
  'Single Pack': [],
  'Fussy Eaters': [],
};

/** Every seeded product with its allergens; one without an entry stops the seed at start-up rather than serve a guess. */
export const MENU_PRODUCTS: MenuProduct[] = DRAFTS.map((draft) => {
  const allergens = PRODUCT_ALLERGENS[draft.title];
  if (!allergens) throw new Error(`The seeded menu has no allergens recorded for "${draft.title}" (PRODUCT_ALLERGENS)`);
  return { ...draft, allergens };
});

/** Toppings, crusts, dips and shake flavours with what each adds (pepperoni, ham and chicken here carry none of the 14). */
export const MENU_TOPPINGS: MenuTopping[] = [
  { name: 'Extra Mozzarella', category: 'Pizza', price: 100, allergens: ['milk'] },
  { name: 'Pepperoni', category: 'Pizza', price: 120, allergens: [] },
  { name: 'Chicken', category: 'Pizza', price: 150, allergens: [] },
  { name: 'Ham', category: 'Pizza', price: 100, allergens: [] },
  { name: 'Mushrooms', category: 'Pizza', price: 80, allergens: [] },
  { name: 'Red Onion', category: 'Pizza', price: 60, allergens: [] },
  { name: 'Green Peppers', category: 'Pizza', price: 60, allergens: [] },
  { name: 'Sweetcorn', category: 'Pizza', price: 60, allergens: [] },
  { name: 'Jalapeños', category: 'Pizza', price: 70, allergens: [] },
  { name: 'Pineapple', category: 'Pizza', price: 80, allergens: [] },
  { name: 'Black Olives', category: 'Pizza', price: 70, allergens: [] },
  { name: 'Oregano', category: 'Pizza', price: 0, allergens: [] },
  { name: 'Garlic Butter Crust', category: 'Crust', price: 0, allergens: ['milk'] },
  { name: 'Sesame Seed Crust', category: 'Crust', price: 50, allergens: ['sesame'] },
  { name: 'Cheesy Crust Sprinkle', category: 'Crust', price: 100, allergens: ['milk'] },
  { name: 'Chocolate Flavour', category: 'Shakes', price: 99, allergens: ['milk', 'soya'] },
  { name: 'Strawberry Flavour', category: 'Shakes', price: 99, allergens: [] },
  { name: 'Caramel Flavour', category: 'Shakes', price: 99, allergens: ['milk'] },
  { name: 'Banana Flavour', category: 'Shakes', price: 99, allergens: [] },
  { name: 'Oreo Crumb Flavour', category: 'Shakes', price: 99, allergens: ['gluten', 'soya'] },
  { name: 'Garlic & Herb', category: 'Dips', price: 60, allergens: ['eggs', 'milk', 'mustard'] },
  { name: 'BBQ', category: 'Dips', price: 60, allergens: ['gluten', 'mustard'] },
  { name: 'Sweet Chilli', category: 'Dips', price: 60, allergens: [] },
  // Ketchup's spice extracts contain celery, as UK labels say.
  { name: 'Ketchup', category: 'Dips', price: 0, allergens: ['celery'] },
];
