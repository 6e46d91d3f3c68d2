import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useSession } from '../../account/api/use-session';
import { useFavourites } from '../../favourites/api/favourites-queries';
import { FavouriteButton } from '../../favourites/components/favourite-button';
import type { MenuProduct } from '../api/menu-types';
import { DEAL_CATEGORY } from '../lib/deal-category';
import { DealCard } from './deal-card';
import { ProductCard } from './product-card';
import { ProductGrid } from './product-grid';

// The option cards carry the pricing rules and the cart; the menu opens on Deals, which needs neither, so they
// load just after the first screen (fetched a moment later, so switching category finds them ready).
const loadMenuCard = () => import('./menu-card');
const MenuCard = lazy(() => loadMenuCard().then((m) => ({ default: m.MenuCard })));

interface ProductListProps {
  products: MenuProduct[];
  loading?: boolean;
  /** What sits over each card's image; the favourite heart by default. */
  renderCorner?: (product: MenuProduct) => ReactNode;
}

/** The grid of menu cards: deals open the deal builder, everything else shows its options, price and Add to cart. */
export function ProductList({ products, loading = false, renderCorner }: ProductListProps) {
  const { user } = useSession();
  const favourites = useFavourites(renderCorner ? null : user?.email);
  const saved = new Set((favourites.data ?? []).map((favourite) => favourite.id));

  // A moment after the first screen is up, so their evaluation stays out of the start-up work.
  useEffect(() => {
    const timer = window.setTimeout(() => void loadMenuCard(), 1000);
    return () => window.clearTimeout(timer);
  }, []);

  const corner = (product: MenuProduct) =>
    renderCorner ? renderCorner(product) : <FavouriteButton productId={product._id} title={product.title} user={user} saved={saved.has(product._id)} />;

  return (
    <ProductGrid
      products={products}
      loading={loading}
      renderProduct={(product, eager) =>
        product.category === DEAL_CATEGORY ? (
          <DealCard product={product} eager={eager} corner={corner(product)} />
        ) : (
          <Suspense fallback={<ProductCard product={product} eager={eager} corner={corner(product)} />}>
            <MenuCard product={product} eager={eager} corner={corner(product)} />
          </Suspense>
        )
      }
    />
  );
}
