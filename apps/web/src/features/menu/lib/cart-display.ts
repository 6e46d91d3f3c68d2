import type { CartDisplay } from '../../../lib/cart-store';
import type { MenuProduct } from '../../../lib/menu-types';

/** What the cart shows for a product besides prices (kept with the line, so the cart draws before the menu loads). */
export function cartDisplay(product: MenuProduct): CartDisplay {
  return { title: product.title, imageUrl: product.imageUrl ?? null, category: product.category };
}
