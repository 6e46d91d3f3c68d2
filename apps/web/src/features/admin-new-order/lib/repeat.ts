import type { CartLine } from '@shop/shared/contract/cart';
import type { CallerOrder } from '@shop/shared/contract/staff-orders';
import type { CartDisplay } from '../../../lib/cart-store';

export type MenuProductLike = { _id: string; title: string; category: string; imageUrl?: string | null; soldOut?: boolean };

/**
 * An earlier order's lines that can go in New order's basket again, as the storefront's Reorder does: products still
 * on the menu come back with their choices (the quote prices them at today's prices); the others are named with why
 * they are left out (no longer on the menu, or sold out now).
 */
export function repeatLines(
  order: Pick<CallerOrder, 'lines' | 'summary'>,
  menu: readonly MenuProductLike[],
): { lines: Array<{ line: CartLine; display: CartDisplay }>; missing: string[] } {
  const byId = new Map(menu.map((product) => [product._id, product]));
  // The summary names the lines in order ('2 × Margherita, Coke'), the one place an old line's title is kept.
  const parts = order.summary.split(', ');
  const titleOf = (index: number) => (parts.length === order.lines.length ? (parts[index] ?? '').replace(/^\d+ × /, '') : null);
  const lines: Array<{ line: CartLine; display: CartDisplay }> = [];
  const missing: string[] = [];
  order.lines.forEach((line, index) => {
    const product = byId.get(line.productId);
    const dealGone = (line.deal?.items ?? []).some((choice) => !byId.has(choice.productId));
    if (!product || dealGone) {
      missing.push(`${titleOf(index) ?? product?.title ?? 'An item'} (no longer on the menu)`);
      return;
    }
    const dealSoldOut = (line.deal?.items ?? []).some((choice) => byId.get(choice.productId)?.soldOut);
    if (product.soldOut || dealSoldOut) {
      missing.push(`${product.title} (sold out)`);
      return;
    }
    lines.push({ line, display: { title: product.title, imageUrl: product.imageUrl ?? null, category: product.category } });
  });
  return { lines, missing };
}
