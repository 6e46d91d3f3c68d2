import { useMemo } from 'react';
import { buildPricingCatalogue } from '@shop/shared/domain/wire-pricing';
import type { PricingCatalogue } from '@shop/shared/domain/product-options';
import { useProducts, useToppings } from './menu-queries';
import type { MenuProduct, MenuTopping } from './menu-types';

export interface MenuCatalogue {
  catalogue: PricingCatalogue;
  /** The wire products by id, for titles and images (and whether each is sold out). */
  products: ReadonlyMap<string, MenuProduct>;
  /** The wire toppings by id (whether each is sold out). */
  toppings: ReadonlyMap<string, MenuTopping>;
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
      value: {
        catalogue: buildPricingCatalogue(products, toppings),
        products: new Map(products.map((product) => [product._id, product])),
        toppings: new Map(toppings.map((topping) => [topping._id, topping])),
      },
    };
  }
  return cached.value;
}

/**
 * The menu as the pricing rules need it, built once per answer of the two menu requests. The browser prices from
 * the menu answers exactly as the server does (one mapping, buildPricingCatalogue in the shared domain).
 */
export function useMenuCatalogue(): MenuCatalogue {
  const products = useProducts();
  const toppings = useToppings();
  const ready = products.isSuccess && toppings.isSuccess;
  const value = catalogueFor(products.data ?? EMPTY_PRODUCTS, toppings.data ?? EMPTY_TOPPINGS);
  return useMemo(() => ({ ...value, ready }), [value, ready]);
}
