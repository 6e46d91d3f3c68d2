import type { CartLine, CartQuoteAnswer, QuotedLine } from '@shop/shared/contract/cart';
import { CRUST_LABELS, WING_TYPE_LABELS } from '@shop/shared/domain/catalogue-values';
import { poundsToPence } from '@shop/shared/domain/money';
import { PricingError, quoteCart, type CartQuote } from '@shop/shared/domain/pricing';
import { allowedToppingCategories, type PricingCatalogue } from '@shop/shared/domain/product-options';
import { soldOutMessage } from '@shop/shared/domain/sold-out-words';
import type { CartEntry } from '../../../lib/cart-store';

export type CartLineView = {
  key: string;
  title: string;
  imageUrl: string | null;
  quantity: number;
  /** 'Large 13"', 'Stuffed Crust', 'Boneless', ... */
  details: string[];
  /** The toppings text; null where the product takes none. */
  toppings: string | null;
  dealItems: string[];
  /** Pence; null while nothing has priced the line. */
  lineTotal: number | null;
  /** What of the line is sold out, in the server's words ('"Pepperoni" is sold out today'); null when nothing is. */
  soldOut: string | null;
  /**
   * The line's allergens (its product's, toppings', crust's, deal items'); null when some part's are not recorded
   * (decision 1004: the line says to ask the shop); undefined while nothing has priced it.
   */
  allergens: readonly string[] | null | undefined;
};

/** The menu's answers as the cart reads them for sold out: products and toppings by id. */
export type SoldOutMenu = {
  products: ReadonlyMap<string, { title: string; soldOut?: boolean; soldOutUntil: string | null }>;
  toppings: ReadonlyMap<string, { ToopingName: string; soldOut?: boolean; soldOutUntil: string | null }>;
};

/**
 * What of a cart line is sold out by the menu's answers: its product, one of its toppings, or one of a deal's
 * choices, in that order (the server checks them in the same order and refuses the quote and the order with these
 * words, 422 ITEM_SOLD_OUT).
 */
export function soldOutInLine(line: CartLine, menu: SoldOutMenu): string | null {
  const product = menu.products.get(line.productId);
  if (product?.soldOut) return soldOutMessage(product.title, product);
  for (const id of line.toppingIds ?? []) {
    const topping = menu.toppings.get(id);
    if (topping?.soldOut) return soldOutMessage(topping.ToopingName, topping);
  }
  for (const item of line.deal?.items ?? []) {
    const chosen = menu.products.get(item.productId);
    if (chosen?.soldOut) return soldOutMessage(chosen.title, chosen);
  }
  return null;
}

export type CartView = {
  lines: CartLineView[];
  /** Pence: the server's total once it has confirmed these lines, else the local one; null when neither can say. */
  total: number | null;
  /** The server has priced exactly these lines. */
  confirmed: boolean;
  /** Why the server (or the local rules) refused the cart, with the line it names. */
  problem: { message: string; lineIndex: number | null } | null;
};

/** Local prices, for instant feedback while the server's quote is on its way. */
export function localQuote(entries: readonly CartEntry[], catalogue: PricingCatalogue, ready: boolean): CartQuote | PricingError | null {
  if (!ready) return null;
  try {
    return quoteCart(
      entries.map((entry) => entry.line),
      catalogue,
    );
  } catch (error) {
    if (error instanceof PricingError) return error;
    throw error;
  }
}

function pence(pounds: number): number | null {
  return poundsToPence(pounds);
}

function serverDetails(item: QuotedLine): string[] {
  return [item.sizeLabel, item.crust ? CRUST_LABELS[item.crust] : null, item.type ? WING_TYPE_LABELS[item.type] : null].filter(
    (text): text is string => Boolean(text),
  );
}

/**
 * What the cart shows: the server's quote when it is for these very lines (the truth), otherwise the local
 * quote; the display data stored with each line covers titles and images before the menu has loaded. A line with
 * something sold out (by the menu's answers, or the server's refusal) is a problem that stops checkout.
 */
export function cartView(
  entries: readonly CartEntry[],
  local: CartQuote | PricingError | null,
  server: { data: CartQuoteAnswer | undefined; current: boolean; error: { message: string; lineIndex: number | null } | null },
  menu: SoldOutMenu = { products: new Map(), toppings: new Map() },
): CartView {
  const localQuote = local instanceof PricingError ? null : local;
  const serverQuote = server.current && server.data && server.data.items.length === entries.length ? server.data : null;
  const lines = entries.map((entry, index): CartLineView => {
    const mine = localQuote?.lines[index];
    const theirs = serverQuote?.items[index];
    const takesToppings = allowedToppingCategories(entry.display.category).length > 0;
    const toppingText = mine?.toopingNames ?? theirs?.toopingNames ?? '';
    return {
      key: entry.key,
      title: mine?.title ?? theirs?.title ?? entry.display.title,
      imageUrl: entry.display.imageUrl,
      quantity: entry.line.quantity,
      details: mine
        ? [mine.sizeLabel, mine.crustLabel, mine.typeLabel].filter((t): t is string => Boolean(t))
        : theirs
          ? serverDetails(theirs)
          : [],
      toppings: takesToppings ? toppingText : null,
      dealItems: mine?.dealItemTitles ?? theirs?.dealItems.map((item) => item.title) ?? [],
      lineTotal: theirs ? pence(theirs.totalQuantityPrice) : (mine?.lineTotal ?? null),
      soldOut: soldOutInLine(entry.line, menu),
      allergens: mine ? mine.allergens : theirs ? theirs.allergens : undefined,
    };
  });
  const localProblem = local instanceof PricingError ? { message: local.message, lineIndex: local.lineIndex ?? null } : null;
  const soldOutIndex = lines.findIndex((line) => line.soldOut !== null);
  const soldOutProblem = soldOutIndex >= 0 ? { message: lines[soldOutIndex]?.soldOut ?? '', lineIndex: soldOutIndex } : null;
  const problem = server.error ?? soldOutProblem ?? (serverQuote ? null : localProblem);
  let total: number | null = null;
  if (!problem) total = serverQuote ? pence(serverQuote.total) : (localQuote?.total ?? null);
  return { lines, total, confirmed: serverQuote !== null && !problem, problem };
}
