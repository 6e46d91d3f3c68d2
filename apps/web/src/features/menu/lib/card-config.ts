/**
 * What a product card offers and the cart line it builds. Every rule comes from the shared domain (which
 * sizes are sold, which crusts at which size, which toppings for which category); this file only arranges
 * them for the card, so the browser never offers a choice the server would refuse.
 */
import type { CartLine } from '@shop/shared/contract/cart';
import {
  CRUST_LABELS,
  CRUSTS,
  WING_TYPE_LABELS,
  WING_TYPES,
  type Crust,
  type Size,
  type ToppingCategory,
  type WingType,
} from '@shop/shared/domain/catalogue-values';
import {
  allowedCrusts,
  allowedToppingCategories,
  availableSizes,
  defaultConfiguration,
  hasCrustChoice,
  hasWingTypes,
  sizeLabel,
  sizePrice,
  type PricedProduct,
  type PricedTopping,
  type PricingCatalogue,
} from '@shop/shared/domain/product-options';

export type CardChoice = { size: Size | null; crust: Crust | null; type: WingType | null; toppingIds: string[] };

/** The card's starting choices: the domain's defaults (first priced size, deep pan, normal wings), no toppings. */
export function initialChoice(product: PricedProduct): CardChoice {
  return { ...defaultConfiguration(product), toppingIds: [] };
}

/** Changing the size keeps the crust when it is allowed at the new size; otherwise deep pan (size s forces it). */
export function withSize(product: PricedProduct, choice: CardChoice, size: Size): CardChoice {
  const crusts = allowedCrusts(product, size);
  const crust = choice.crust !== null && crusts.length > 0 && !crusts.includes(choice.crust) ? 'deep_pan' : choice.crust;
  return { ...choice, size, crust };
}

/**
 * The choice a card's form or a page's address names (`read` gives the value of 'size', 'crust' and 'type'), over
 * `base`: a size, crust or type is taken only if the card offers it; anything else keeps base's. Unchanged, it is
 * `base` itself, so a state set to it does not redraw.
 */
export function choiceFrom(product: PricedProduct, read: (name: string) => unknown, base: CardChoice = initialChoice(product)): CardChoice {
  let choice = base;
  const size = sizeOptions(product).find((option) => option.size === read('size'))?.size;
  if (size !== undefined && size !== choice.size) choice = withSize(product, choice, size);
  const crust = crustOptions(product, choice.size).find((option) => !option.disabled && option.crust === read('crust'))?.crust;
  if (crust !== undefined && crust !== choice.crust) choice = { ...choice, crust };
  const type = typeOptions(product).find((option) => option.type === read('type'))?.type;
  if (type !== undefined && type !== choice.type) choice = { ...choice, type };
  return choice;
}

/** Adds a topping at the end (the order matters: a shake charges its first flavour) or takes it out. */
export function withToppingToggled(choice: CardChoice, toppingId: string): CardChoice {
  const chosen = choice.toppingIds.includes(toppingId);
  return { ...choice, toppingIds: chosen ? choice.toppingIds.filter((id) => id !== toppingId) : [...choice.toppingIds, toppingId] };
}

/** The cart line for the card's choices, every choice explicit so equal configurations compare equal. */
export function cardLine(product: PricedProduct, choice: CardChoice, quantity = 1): CartLine {
  const line: CartLine = { productId: product.id, quantity };
  if (choice.size !== null) line.size = choice.size;
  if (choice.crust !== null && hasCrustChoice(product)) line.crust = choice.crust;
  if (choice.type !== null && hasWingTypes(product)) line.type = choice.type;
  if (choice.toppingIds.length > 0) line.toppingIds = [...choice.toppingIds];
  return line;
}

export type SizeOption = { size: Size; label: string; price: number };

/** Size buttons: only the priced sizes, and none for a product sold at one price (its size means nothing). */
export function sizeOptions(product: PricedProduct): SizeOption[] {
  const sizes = availableSizes(product);
  return sizes.flatMap((size) => {
    const label = sizeLabel(product, size);
    const price = sizePrice(product, size);
    return label === null || price === null ? [] : [{ size, label, price }];
  });
}

export type CrustOption = { crust: Crust; label: string; price: number; disabled: boolean };

/** Crust buttons for a Pizza with crust prices: thin and stuffed disabled at size s. */
export function crustOptions(product: PricedProduct, size: Size | null): CrustOption[] {
  if (!hasCrustChoice(product) || !product.crust) return [];
  const allowed = allowedCrusts(product, size);
  const prices = product.crust;
  return CRUSTS.map((crust) => ({ crust, label: CRUST_LABELS[crust], price: prices[crust], disabled: !allowed.includes(crust) }));
}

export type TypeOption = { type: WingType; label: string; price: number };

export function typeOptions(product: PricedProduct): TypeOption[] {
  if (!hasWingTypes(product) || !product.wingTypes) return [];
  const prices = product.wingTypes;
  return WING_TYPES.map((type) => ({ type, label: WING_TYPE_LABELS[type], price: prices[type] }));
}

const GROUP_TITLES: Record<ToppingCategory, string> = {
  Pizza: 'Pizza Toppings',
  Crust: 'Crust Toppings',
  Shakes: 'Flavours',
  Dips: 'Dips',
};

export type ToppingGroup = { category: ToppingCategory; title: string; toppings: PricedTopping[] };

/** The toppings a product may take, grouped by topping category in the domain's order; empty groups dropped. */
export function toppingGroups(product: PricedProduct, catalogue: PricingCatalogue): ToppingGroup[] {
  const all = [...catalogue.toppings.values()];
  return allowedToppingCategories(product.category)
    .map((category) => ({ category, title: GROUP_TITLES[category], toppings: all.filter((topping) => topping.category === category) }))
    .filter((group) => group.toppings.length > 0);
}

/** What the card's extras button is called: Toppings for pizzas, Flavours for shakes, Dips for wings and sides. */
export function extrasLabel(product: PricedProduct): string | null {
  const categories = allowedToppingCategories(product.category);
  if (categories.length === 0) return null;
  if (categories.includes('Pizza')) return 'Toppings';
  if (categories.includes('Shakes')) return 'Flavours';
  return 'Dips';
}
