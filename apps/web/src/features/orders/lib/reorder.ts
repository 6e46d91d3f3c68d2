import type { CartLine } from '@shop/shared/contract/cart';
import type { OrderItemWire } from '@shop/shared/contract/orders';

export type MenuProductLike = { _id: string; title: string; category: string; imageUrl?: string | null };
export type ReorderItem = { line: CartLine; display: { title: string; imageUrl: string | null; category: string } };

/**
 * The order's lines that can go back into the cart: products still on the menu come back with their
 * choices (the cart prices them at today's prices); the titles of the ones no longer sold are listed.
 */
export function reorderLines(
  items: readonly OrderItemWire[],
  menu: readonly MenuProductLike[],
): { lines: ReorderItem[]; missing: string[] } {
  const byId = new Map(menu.map((product) => [product._id, product]));
  const lines: ReorderItem[] = [];
  const missing: string[] = [];
  for (const item of items) {
    const product = byId.get(item.line.productId);
    const dealGone = (item.line.deal?.items ?? []).some((choice) => !byId.has(choice.productId));
    if (!product || dealGone) {
      missing.push(item.title);
      continue;
    }
    lines.push({ line: item.line, display: { title: product.title, imageUrl: product.imageUrl ?? null, category: product.category } });
  }
  return { lines, missing };
}
