import { buildPricingCatalogue } from '@shop/shared/domain/wire-pricing';
import type { PricingCatalogue } from '@shop/shared/domain/product-options';
import type { Db } from '../../db/client';
import { getMenuSnapshot, type MenuSnapshot } from '../catalogue/public';

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
      pricing: buildPricingCatalogue(snapshot.products, snapshot.toppings),
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
