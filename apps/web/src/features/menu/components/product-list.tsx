import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { MenuProduct } from '../../../lib/menu-types';
import { DEAL_CATEGORY } from '../lib/deal-category';
import { loadedMenuCard, loadMenuCard } from '../lib/menu-card-module';
import { DealCard } from './deal-card';
import { ProductCard } from './product-card';
import { ProductGrid } from './product-grid';

// The option cards carry the pricing rules and the cart; the menu opens on Deals, which needs neither, so they
// load just after the first screen (fetched a moment later, so switching category finds them ready).
const LazyMenuCard = lazy(() => loadMenuCard().then((MenuCard) => ({ default: MenuCard })));

interface ProductListProps {
  products: MenuProduct[];
  loading?: boolean;
  /** What sits over each card's image, given by the screen: the favourite heart on the menu, Remove on My Favourites. */
  cardAction?: (product: MenuProduct) => ReactNode;
  /** Under each card's allergens, e.g. the allergen filter's mark. */
  note?: (product: MenuProduct) => ReactNode;
}

/** The grid of menu cards: deals open the deal builder, everything else shows its options, price and Add to cart. */
export function ProductList({ products, loading = false, cardAction, note }: ProductListProps) {
  // Chosen once per list: the card itself when its code is here, so it hydrates with no wait (menu-card-module.ts).
  const [MenuCard] = useState(() => loadedMenuCard() ?? LazyMenuCard);
  // A moment after the first screen is up, so their evaluation stays out of the start-up work.
  useEffect(() => {
    const timer = window.setTimeout(() => void loadMenuCard(), 1000);
    return () => window.clearTimeout(timer);
  }, []);

  const corner = (product: MenuProduct) => cardAction?.(product);

  return (
    <ProductGrid
      products={products}
      loading={loading}
      renderProduct={(product, eager) =>
        product.category === DEAL_CATEGORY ? (
          <DealCard product={product} eager={eager} corner={corner(product)} note={note?.(product)} />
        ) : (
          <Suspense fallback={<ProductCard product={product} eager={eager} corner={corner(product)} note={note?.(product)} />}>
            <MenuCard product={product} eager={eager} corner={corner(product)} note={note?.(product)} />
          </Suspense>
        )
      }
    />
  );
}
