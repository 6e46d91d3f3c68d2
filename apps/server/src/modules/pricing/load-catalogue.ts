import type { IngredientWire, ProductWire } from '@shop/shared/contract/catalogue';
import { TOPPING_CATEGORIES, type Size, type ToppingCategory } from '@shop/shared/domain/catalogue-values';
import { poundsToPence } from '@shop/shared/domain/money';
import {
  crustPricesFrom, wingTypePricesFrom,
  type PricedProduct, type PricedTopping, type PricingCatalogue,
} from '@shop/shared/domain/product-options';
import type { Db } from '../../db/client';
import { getMenuSnapshot, type MenuSnapshot } from '../catalogue/service';

/** Pounds on the wire (written from integer pence, so exact) back to pence; blank and null stay null. */
function pence(value: number | '' | null | undefined): number | null {
  return value === '' || value === null || value === undefined ? null : poundsToPence(value);
}

/** A product of the menu as the pricing rules see it. */
export function toPricedProduct(product: ProductWire): PricedProduct {
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

export function toPricedTopping(topping: IngredientWire): PricedTopping | null {
  const price = pence(topping.toopingPrice);
  if (!isToppingCategory(topping.category) || price === null) return null;
  return { id: topping._id, name: topping.ToopingName, category: topping.category, price };
}

/** What placing an order reads from the menu: the prices, and each product's description for the stored lines. */
export interface OrderCatalogue {
  pricing: PricingCatalogue;
  descriptions: ReadonlyMap<string, string>;
}

// One catalogue per menu snapshot: rebuilt only when the catalogue module rebuilds its snapshot.
const catalogues = new WeakMap<MenuSnapshot, OrderCatalogue>();

function catalogueOf(snapshot: MenuSnapshot): OrderCatalogue {
  let catalogue = catalogues.get(snapshot);
  if (!catalogue) {
    catalogue = {
      pricing: {
        products: new Map(snapshot.products.map((product) => [product._id, toPricedProduct(product)])),
        toppings: new Map(
          snapshot.toppings.map(toPricedTopping).filter((topping): topping is PricedTopping => topping !== null).map((topping) => [topping.id, topping]),
        ),
      },
      descriptions: new Map(snapshot.products.map((product) => [product._id, product.description])),
    };
    catalogues.set(snapshot, catalogue);
  }
  return catalogue;
}

/**
 * Everything a price depends on: the products still on sale (a deleted one is "no longer available") and every
 * topping, from the catalogue module's in-memory menu, which a catalogue write in this process invalidates at
 * once (and one in another process within a second, decision 0201). The server prices carts and orders only
 * from this.
 */
export async function loadPricingCatalogue(db: Db): Promise<PricingCatalogue> {
  return catalogueOf(await getMenuSnapshot(db)).pricing;
}

/** The pricing catalogue and the descriptions of the same snapshot, so an order is priced and described alike. */
export async function loadOrderCatalogue(db: Db): Promise<OrderCatalogue> {
  return catalogueOf(await getMenuSnapshot(db));
}
