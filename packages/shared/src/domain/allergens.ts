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

const ALLERGEN_ORDER: ReadonlyMap<string, number> = new Map(ALLERGENS.map((code, index) => [code, index]));

/** Whether a text is one of the 14 codes. */
export function isAllergen(code: unknown): code is Allergen {
  return typeof code === 'string' && ALLERGEN_ORDER.has(code);
}

/**
 * Every allergen of the lists given, once each, in ALLERGENS' order (celery first, sulphites last). Anything that is
 * not one of the 14 codes is dropped: the database and the wire hold only codes (the admin's routes refuse others).
 */
export function combineAllergens(...lists: ReadonlyArray<readonly string[] | null | undefined>): Allergen[] {
  const found = new Set<Allergen>();
  for (const list of lists) for (const code of list ?? []) if (isAllergen(code)) found.add(code);
  return ALLERGENS.filter((code) => found.has(code));
}

/**
 * A record's allergens as stored (decision 1004): the codes it contains (`[]`: none of the 14), or null when nobody has
 * recorded them yet. A shop upgraded from before allergens were recorded holds null until the owner records each:
 * the storefront then says 'ask us', never 'none'.
 */
export type RecordedAllergens = readonly Allergen[] | null;

/** A record's own allergens in the list's order, null (not recorded) kept null; anything that is not a code dropped. */
export function recordedAllergens(codes: readonly string[] | null | undefined): Allergen[] | null {
  return codes === null ? null : combineAllergens(codes);
}

/**
 * Every allergen of the lists, as combineAllergens, but null (unknown) when any list is null: what a line contains is
 * known only when every part of it is recorded (decision 1004). Undefined lists (a part that records none of its
 * own, or that the caller does not know of) add nothing.
 */
export function combineKnownAllergens(...lists: ReadonlyArray<readonly string[] | null | undefined>): Allergen[] | null {
  return lists.some((list) => list === null) ? null : combineAllergens(...lists);
}

/** The names a customer reads, in the list's order: 'Cereals containing gluten, Milk'. */
export function allergenNames(codes: readonly string[]): string[] {
  return combineAllergens(codes).map((code) => ALLERGEN_NAMES[code]);
}

/** Short names for a filter's chips and a card's line ('Gluten', 'Nuts'): the full names are long. */
export const ALLERGEN_SHORT_NAMES: Readonly<Record<Allergen, string>> = {
  ...ALLERGEN_NAMES,
  gluten: 'Gluten',
  nuts: 'Tree nuts',
  sulphites: 'Sulphites',
};

/**
 * What a chosen crust adds to a pizza beyond its own allergens (the pizza's record covers its usual base, gluten in
 * the dough): a stuffed crust is stuffed with cheese. The crust choice is a price column on the product, not a
 * record of its own, so this is the shop's data here (decision 1000).
 */
export const CRUST_ALLERGENS: Readonly<Record<'deep_pan' | 'thin_crust' | 'stuffed_crust', readonly Allergen[]>> = {
  deep_pan: [],
  thin_crust: [],
  stuffed_crust: ['milk'],
};

/** What the allergen rules need of the catalogue: each product's and topping's own allergens, by id. */
export type AllergenCatalogue = {
  products: ReadonlyMap<string, { allergens?: readonly string[] | null }>;
  toppings: ReadonlyMap<string, { allergens?: readonly string[] | null }>;
};

/** A line as the rules read it: a cart line (contract/cart.ts) fits, and so does a deal choice with its own toppings. */
export type AllergenLine = {
  productId: string;
  crust?: string | null;
  toppingIds?: readonly string[];
  deal?: { crust?: string | null; items: ReadonlyArray<{ productId: string; toppingIds?: readonly string[] }> };
};

function crustAllergens(crust: string | null | undefined): readonly Allergen[] {
  return crust != null && crust in CRUST_ALLERGENS ? CRUST_ALLERGENS[crust as keyof typeof CRUST_ALLERGENS] : [];
}

/**
 * A line's allergens (issue 22 point 1): its product's plus those of every chosen topping (crust toppings, dips and
 * shake flavours are toppings), the chosen crust, and every deal choice with its own toppings, sorted in ALLERGENS'
 * order, no repeats. A product or topping the catalogue no longer has adds nothing (pricing refuses such a line).
 * Null (unknown: decision 1004) when the product, a chosen topping or a deal choice has not had its allergens
 * recorded: a line is 'none' only when every part of it is known to contain none.
 */
export function lineAllergens(line: AllergenLine, catalogue: AllergenCatalogue): Allergen[] | null {
  const lists: Array<readonly string[] | null | undefined> = [catalogue.products.get(line.productId)?.allergens];
  for (const id of line.toppingIds ?? []) lists.push(catalogue.toppings.get(id)?.allergens);
  lists.push(crustAllergens(line.crust ?? line.deal?.crust));
  for (const item of line.deal?.items ?? []) {
    lists.push(catalogue.products.get(item.productId)?.allergens);
    for (const id of item.toppingIds ?? []) lists.push(catalogue.toppings.get(id)?.allergens);
  }
  return combineKnownAllergens(...lists);
}

/** Whether a list holds any of the allergens to avoid. */
export function containsAnyAllergen(allergens: readonly string[] | null | undefined, avoid: readonly string[]): boolean {
  if (!allergens || avoid.length === 0) return false;
  return allergens.some((code) => avoid.includes(code));
}

/**
 * The menu filter's verdict on one product for a customer avoiding some allergens (decision 1000):
 * - 'hide': the dish itself contains one: nothing the customer chooses takes it out.
 * - 'mark': the dish itself is free of them, but something the customer may add is not (a topping, dip or shake
 *   flavour it takes, the stuffed crust, a deal's possible choices): shown, marked, and the builder shows which.
 * - 'mark' too when the dish's own allergens or those of something it takes are not recorded (null, decision 1004):
 *   nothing says it is free of them, so the card asks the customer to ask the shop (notRecordedWords).
 * - 'show': neither.
 * `options` are the allergen lists of everything the customer could add (the caller knows which toppings and deal
 * choices the product takes; the storefront passes them from the menu).
 */
export type AllergenVerdict = 'show' | 'mark' | 'hide';
export function allergenVerdict(
  own: readonly string[] | null | undefined,
  options: ReadonlyArray<readonly string[] | null | undefined>,
  avoid: readonly string[],
): AllergenVerdict {
  if (avoid.length === 0) return 'show';
  if (own === null) return 'mark';
  if (containsAnyAllergen(own, avoid)) return 'hide';
  return options.some((list) => list === null || containsAnyAllergen(list, avoid)) ? 'mark' : 'show';
}

/** What a card marked because its allergens are not recorded says (decision 1004). */
export const NOT_RECORDED_WORDS = 'Allergens not recorded: ask us before ordering';
/** What a card marked because some of its choices' allergens are not recorded says. */
export const CHOICES_NOT_RECORDED_WORDS = "Some choices' allergens are not recorded: ask us before ordering";

/** Whether any of the lists is not recorded (null). */
export function anyNotRecorded(lists: ReadonlyArray<readonly string[] | null | undefined>): boolean {
  return lists.some((list) => list === null);
}

/** Which of the avoided allergens the options hold, for the mark's words ('Some choices contain milk'). */
export function avoidedInOptions(options: ReadonlyArray<readonly string[] | null | undefined>, avoid: readonly string[]): Allergen[] {
  return combineAllergens(...options).filter((code) => avoid.includes(code));
}

/**
 * The verdict on a deal: 'hide' when some slot can be filled only with dishes that contain an avoided allergen
 * (every choice the slot offers has one, so no deal the customer can complete is free of it); 'mark' when some
 * choice has one but each slot offers another; the deal's own allergens (if any are recorded) hide it as a dish's do;
 * 'mark' when its own or some choice's allergens are not recorded (null) and nothing hides it.
 * `slots`: for each slot, the allergens of every product that may fill it (with its crust and toppings' worst case
 * left to the builder, which shows what is chosen).
 */
export function dealAllergenVerdict(
  own: readonly string[] | null | undefined,
  slots: ReadonlyArray<ReadonlyArray<readonly string[] | null | undefined>>,
  avoid: readonly string[],
): AllergenVerdict {
  if (avoid.length === 0) return 'show';
  if (containsAnyAllergen(own, avoid)) return 'hide';
  if (slots.some((choices) => choices.length > 0 && choices.every((list) => containsAnyAllergen(list, avoid)))) return 'hide';
  if (own === null) return 'mark';
  return slots.some((choices) => choices.some((list) => list === null || containsAnyAllergen(list, avoid))) ? 'mark' : 'show';
}

/**
 * Why the filter hides one dish: `sure`, the avoided allergens it holds whatever is chosen; `any`, every avoided
 * allergen that may be the reason (a deal's slot whose every choice holds one, but not all the same one).
 */
export type HiddenBy = { sure: readonly Allergen[]; any: readonly Allergen[] };

function avoidedIn(list: readonly string[] | null | undefined, avoid: readonly string[]): Allergen[] {
  return combineAllergens(list).filter((code) => avoid.includes(code));
}

/** What hides a dish (allergenVerdict's 'hide'): the avoided allergens it contains. */
export function dishHiddenBy(own: readonly string[] | null | undefined, avoid: readonly string[]): HiddenBy {
  const found = avoidedIn(own, avoid);
  return { sure: found, any: found };
}

/**
 * What hides a deal (dealAllergenVerdict's 'hide'): its own avoided allergens, and for each slot that offers only
 * dishes with one, those every choice holds (sure) and those some choice holds (any).
 */
export function dealHiddenBy(
  own: readonly string[] | null | undefined,
  slots: ReadonlyArray<ReadonlyArray<readonly string[] | null | undefined>>,
  avoid: readonly string[],
): HiddenBy {
  const sure = new Set(avoidedIn(own, avoid));
  const any = new Set(sure);
  for (const choices of slots) {
    if (choices.length === 0 || !choices.every((list) => containsAnyAllergen(list, avoid))) continue;
    const found = choices.map((list) => avoidedIn(list, avoid));
    for (const code of found.flat()) any.add(code);
    for (const code of found[0] ?? []) if (found.every((codes) => codes.includes(code))) sure.add(code);
  }
  return { sure: ALLERGENS.filter((code) => sure.has(code)), any: ALLERGENS.filter((code) => any.has(code)) };
}

/** 'gluten', 'tree nuts': how a sentence names an allergen. */
function allergenWord(code: Allergen): string {
  return ALLERGEN_SHORT_NAMES[code].toLowerCase();
}

/** 'gluten, milk or eggs': a list of allergens in a sentence. */
function wordList(codes: readonly Allergen[], last: 'and' | 'or'): string {
  const words = codes.map(allergenWord);
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1) ?? ''}`;
}

/**
 * What a section of the menu says of the dishes the filter hid in it, from those dishes alone: how many, with which of
 * the avoided allergens ('2 dishes with gluten hidden here.'), and, when it hid every dish, what every one of them
 * contains ('Every dish here contains gluten.'), so a section never names an allergen none of its dishes holds.
 */
export function hiddenDishesWords(hidden: readonly HiddenBy[], shownCount: number): { count: string | null; every: string | null } {
  if (hidden.length === 0) return { count: null, every: null };
  const any = ALLERGENS.filter((code) => hidden.some((dish) => dish.any.includes(code)));
  const always = ALLERGENS.filter((code) => hidden.every((dish) => dish.sure.includes(code)));
  const count = `${hidden.length === 1 ? '1 dish' : `${hidden.length} dishes`} with ${wordList(any, 'or')} hidden here.`;
  if (shownCount > 0) return { count, every: null };
  const sometimes = any.filter((code) => !always.includes(code));
  const every =
    sometimes.length === 0
      ? `Every dish here contains ${wordList(always, 'and')}.`
      : always.length > 0
        ? `Every dish here contains ${wordList(always, 'and')}; some also contain ${wordList(sometimes, 'or')}.`
        : `Every dish here contains ${wordList(any, 'or')}.`;
  return { count, every };
}
