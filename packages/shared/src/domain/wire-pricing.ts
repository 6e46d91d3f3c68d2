import { recordedAllergens } from './allergens';
import { TOPPING_CATEGORIES, type Size, type ToppingCategory } from './catalogue-values';
import { wirePricePence as pence, type WirePrice } from './money';
import { crustPricesFrom, wingTypePricesFrom, type PricedProduct, type PricedTopping, type PricingCatalogue } from './product-options';

/**
 * The menu as it travels (`GET /api/allproduts`, `GET /api/ingredients`: pounds, "" for an unused price) turned into
 * what the pricing rules read. The server prices from its menu snapshot and the browser from the same answers,
 * through these functions, so both see one catalogue. Structural types, so neither side's zod schemas load here.
 */
export interface WireProduct {
  _id: string;
  title: string;
  category: string;
  regularDiscount: WirePrice;
  mediumDiscount: WirePrice;
  largeDiscount: WirePrice;
  extraLargeDiscount: WirePrice;
  deep_pan?: WirePrice;
  thin_crust?: WirePrice;
  stuffed_crust?: WirePrice;
  normal?: WirePrice;
  boneless?: WirePrice;
  drinkKind?: PricedProduct['drinkKind'] | undefined;
  dealSlots?: PricedProduct['dealSlots'] | undefined;
  allergens?: readonly string[] | null | undefined;
}

export interface WireTopping {
  _id: string;
  ToopingName: string;
  toopingPrice: WirePrice;
  category: string;
  allergens?: readonly string[] | null | undefined;
}

export function toPricedProduct(product: WireProduct): PricedProduct {
  const prices: Partial<Record<Size, number | null>> = {
    s: pence(product.regularDiscount),
    m: pence(product.mediumDiscount),
    l: pence(product.largeDiscount),
    xl: pence(product.extraLargeDiscount),
  };
  return {
    id: product._id,
    title: product.title,
    category: product.category,
    prices,
    crust: crustPricesFrom(pence(product.deep_pan), pence(product.thin_crust), pence(product.stuffed_crust)),
    wingTypes: wingTypePricesFrom(pence(product.normal), pence(product.boneless)),
    drinkKind: product.drinkKind ?? null,
    dealSlots: product.dealSlots ?? null,
    allergens: recordedAllergens(product.allergens),
  };
}

function isToppingCategory(category: string): category is ToppingCategory {
  return (TOPPING_CATEGORIES as readonly string[]).includes(category);
}

/** A topping the rules can charge; null for one of an unknown category or without a valid price. */
export function toPricedTopping(topping: WireTopping): PricedTopping | null {
  const price = pence(topping.toopingPrice);
  if (!isToppingCategory(topping.category) || price === null) return null;
  return { id: topping._id, name: topping.ToopingName, category: topping.category, price, allergens: recordedAllergens(topping.allergens) };
}

export function buildPricingCatalogue(products: readonly WireProduct[], toppings: readonly WireTopping[]): PricingCatalogue {
  return {
    products: new Map(products.map((product) => [product._id, toPricedProduct(product)])),
    toppings: new Map(
      toppings
        .map(toPricedTopping)
        .filter((topping): topping is PricedTopping => topping !== null)
        .map((topping) => [topping.id, topping]),
    ),
  };
}
