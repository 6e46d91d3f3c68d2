import type { CartLine } from '@shop/shared/contract/cart';
import { quoteCart, type CartQuote } from '@shop/shared/domain/pricing';
import type { PricingCatalogue } from '@shop/shared/domain/product-options';
import type { VatRate } from '@shop/shared/domain/vat';
import { isSoldOut, soldOutMessage, soldOutState, type SoldOutMark } from '@shop/shared/domain/sold-out';
import { buildPricingCatalogue } from '@shop/shared/domain/wire-pricing';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-errors';
import { getMenuSnapshot, type MenuSnapshot } from '../catalogue/public';

/** The prices, and what of the same menu is marked sold out (a product's title or a topping's name with its mark). */
export type MenuPricingCatalogue = PricingCatalogue & {
  readonly soldOut: {
    products: ReadonlyMap<string, { name: string; mark: SoldOutMark }>;
    toppings: ReadonlyMap<string, { name: string; mark: SoldOutMark }>;
  };
};

/** What placing an order reads from the menu: the prices, and each product's description for the stored lines. */
export interface OrderCatalogue {
  pricing: MenuPricingCatalogue;
  descriptions: ReadonlyMap<string, string>;
  /** Each product's VAT rate, which its order lines keep (decision 1002). */
  vatRates: ReadonlyMap<string, VatRate>;
}

// One catalogue per menu snapshot: rebuilt only when the catalogue module rebuilds its snapshot.
const catalogues = new WeakMap<MenuSnapshot, OrderCatalogue>();

function named<T extends { _id: string }>(
  list: readonly T[],
  marks: ReadonlyMap<string, SoldOutMark>,
  name: (item: T) => string,
): Map<string, { name: string; mark: SoldOutMark }> {
  const found = new Map<string, { name: string; mark: SoldOutMark }>();
  for (const item of list) {
    const mark = marks.get(item._id);
    if (mark) found.set(item._id, { name: name(item), mark });
  }
  return found;
}

function catalogueOf(snapshot: MenuSnapshot): OrderCatalogue {
  let catalogue = catalogues.get(snapshot);
  if (!catalogue) {
    catalogue = {
      pricing: {
        ...buildPricingCatalogue(snapshot.products, snapshot.toppings),
        soldOut: {
          products: named(snapshot.products, snapshot.soldOut.products, (product) => product.title),
          toppings: named(snapshot.toppings, snapshot.soldOut.toppings, (topping) => topping.ToopingName),
        },
      },
      descriptions: new Map(snapshot.products.map((product) => [product._id, product.description])),
      vatRates: new Map(snapshot.products.map((product) => [product._id, product.vatRate])),
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
export async function loadPricingCatalogue(db: Db): Promise<MenuPricingCatalogue> {
  return catalogueOf(await getMenuSnapshot(db)).pricing;
}

/** The pricing catalogue and the descriptions of the same snapshot, so an order is priced and described alike. */
export async function loadOrderCatalogue(db: Db): Promise<OrderCatalogue> {
  return catalogueOf(await getMenuSnapshot(db));
}

/**
 * Refuses a cart with anything sold out at `now` (the shop clock): the quote and both order routes answer 422
 * ITEM_SOLD_OUT with the first such line's index and '"Pepperoni" is sold out today' ('... is sold out' when it waits
 * to be turned back on), before anything is priced, written or charged. A line's product, its toppings (crusts,
 * dips, shake flavours) and a deal's chosen items are each checked, in that order.
 */
export function refuseSoldOut(lines: readonly CartLine[], catalogue: MenuPricingCatalogue, now: Date): void {
  const { products, toppings } = catalogue.soldOut;
  if (products.size === 0 && toppings.size === 0) return;
  lines.forEach((line, lineIndex) => {
    const ids: [ReadonlyMap<string, { name: string; mark: SoldOutMark }>, string][] = [
      [products, line.productId],
      ...(line.toppingIds ?? []).map((id): [typeof toppings, string] => [toppings, id]),
      ...(line.deal?.items ?? []).map((item): [typeof products, string] => [products, item.productId]),
    ];
    for (const [marks, id] of ids) {
      const found = marks.get(id);
      if (found && isSoldOut(found.mark, now)) {
        throw new HttpError('ITEM_SOLD_OUT', soldOutMessage(found.name, soldOutState(found.mark, now)), { lineIndex });
      }
    }
  });
}

/**
 * What a cart costs now: nothing sold out (422 ITEM_SOLD_OUT), every line priced from the menu (a PricingError on a
 * line that cannot be). The one pricing path: the cart's quote and every order's charge both come from here, so a
 * discount or a staff price is added here once.
 */
export function priceCart(lines: readonly CartLine[], catalogue: MenuPricingCatalogue, now: Date, minimumOrder?: number): CartQuote {
  refuseSoldOut(lines, catalogue, now);
  return quoteCart(lines, catalogue, minimumOrder);
}
