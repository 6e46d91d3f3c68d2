import type { CartQuoteAnswer, QuotedLine } from '@shop/shared/contract/cart';
import { CRUST_LABELS, WING_TYPE_LABELS } from '@shop/shared/domain/catalogue-values';
import { poundsToPence } from '@shop/shared/domain/money';
import { PricingError, quoteCart, type CartQuote } from '@shop/shared/domain/pricing';
import { allowedToppingCategories, type PricingCatalogue } from '@shop/shared/domain/product-options';
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
};

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
 * quote; the display data stored with each line covers titles and images before the menu has loaded.
 */
export function cartView(
  entries: readonly CartEntry[],
  local: CartQuote | PricingError | null,
  server: { data: CartQuoteAnswer | undefined; current: boolean; error: { message: string; lineIndex: number | null } | null },
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
    };
  });
  const localProblem = local instanceof PricingError ? { message: local.message, lineIndex: local.lineIndex ?? null } : null;
  const problem = server.error ?? (serverQuote ? null : localProblem);
  let total: number | null = null;
  if (!problem) total = serverQuote ? pence(serverQuote.total) : (localQuote?.total ?? null);
  return { lines, total, confirmed: serverQuote !== null && !problem, problem };
}
