import { useMemo } from 'react';
import { TOPPING_CATEGORIES, type Size, type ToppingCategory } from '@shop/shared/domain/catalogue-values';
import {
  crustPricesFrom, wingTypePricesFrom,
  type PricedProduct, type PricedTopping, type PricingCatalogue,
} from '@shop/shared/domain/product-options';
import { poundsToPence, type WirePrice } from '../../../lib/money';
import { useProducts, useToppings } from '../api/menu-queries';
import type { MenuProduct, MenuTopping } from '../api/menu-types';

function pence(value: WirePrice): number | null {
  return poundsToPence(value);
}

/** A product from `GET /api/allproduts` as the shared pricing rules see it (the server maps its rows the same way). */
export function toPricedProduct(product: MenuProduct): PricedProduct {
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
  };
}

function isToppingCategory(category: string): category is ToppingCategory {
  return (TOPPING_CATEGORIES as readonly string[]).includes(category);
}

export function toPricedTopping(topping: MenuTopping): PricedTopping | null {
  const price = pence(topping.toopingPrice);
  if (!isToppingCategory(topping.category) || price === null) return null;
  return { id: topping._id, name: topping.ToopingName, category: topping.category, price };
}

export function buildPricingCatalogue(products: readonly MenuProduct[], toppings: readonly MenuTopping[]): PricingCatalogue {
  return {
    products: new Map(products.map((product) => [product._id, toPricedProduct(product)])),
    toppings: new Map(
      toppings.map(toPricedTopping).filter((topping): topping is PricedTopping => topping !== null).map((topping) => [topping.id, topping]),
    ),
  };
}

export interface MenuCatalogue {
  catalogue: PricingCatalogue;
  /** The wire products by id, for titles and images. */
  products: ReadonlyMap<string, MenuProduct>;
  /** False until both the products and the toppings have arrived (local prices of lines with toppings wait). */
  ready: boolean;
}

const EMPTY_PRODUCTS: MenuProduct[] = [];
const EMPTY_TOPPINGS: MenuTopping[] = [];
let cached: { products: readonly MenuProduct[]; toppings: readonly MenuTopping[]; value: Omit<MenuCatalogue, 'ready'> } | null = null;

/** Every card asks for the catalogue; it is built once per pair of answers, not once per card. */
function catalogueFor(products: readonly MenuProduct[], toppings: readonly MenuTopping[]): Omit<MenuCatalogue, 'ready'> {
  if (cached?.products !== products || cached.toppings !== toppings) {
    cached = {
      products,
      toppings,
      value: { catalogue: buildPricingCatalogue(products, toppings), products: new Map(products.map((product) => [product._id, product])) },
    };
  }
  return cached.value;
}

/** The menu as the pricing rules need it, built once per answer of the two menu requests. */
export function useMenuCatalogue(): MenuCatalogue {
  const products = useProducts();
  const toppings = useToppings();
  const ready = products.isSuccess && toppings.isSuccess;
  const value = catalogueFor(products.data ?? EMPTY_PRODUCTS, toppings.data ?? EMPTY_TOPPINGS);
  return useMemo(() => ({ ...value, ready }), [value, ready]);
}
