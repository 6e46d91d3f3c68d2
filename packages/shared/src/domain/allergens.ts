/**
 * The 14 allergens UK law regulates (Food Information Regulations 2014, retained Regulation (EU) 1169/2011 Annex II),
 * as the shop records them per product and per topping, crust, dip and shake flavour (issue 22 point 1). The codes
 * are what the wire and the database carry (`allergens`); the names are how the customer reads them.
 */
export const ALLERGENS = [
  'celery',
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'lupin',
  'milk',
  'molluscs',
  'mustard',
  'nuts',
  'peanuts',
  'sesame',
  'soya',
  'sulphites',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/** The names the FSA's guidance uses. */
export const ALLERGEN_NAMES: Readonly<Record<Allergen, string>> = {
  celery: 'Celery',
  gluten: 'Cereals containing gluten',
  crustaceans: 'Crustaceans',
  eggs: 'Eggs',
  fish: 'Fish',
  lupin: 'Lupin',
  milk: 'Milk',
  molluscs: 'Molluscs',
  mustard: 'Mustard',
  nuts: 'Tree nuts',
  peanuts: 'Peanuts',
  sesame: 'Sesame',
  soya: 'Soya',
  sulphites: 'Sulphur dioxide/sulphites',
};
