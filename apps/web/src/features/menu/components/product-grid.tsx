import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useHydrating } from '../../../lib/hydration';
import type { MenuProduct } from '../../../lib/menu-types';
import { ProductCard } from './product-card';

interface ProductGridProps {
  products: MenuProduct[];
  loading?: boolean;
  /** How each product is drawn; the plain card by default. */
  renderProduct?: (product: MenuProduct, eager: boolean) => ReactNode;
}

/** Cards in the first row or two are likely visible at first paint, so their images are not deferred. */
const EAGER_CARDS = 4;
/**
 * The first screen draws this many cards; the rest follow in a second, separate render just after it has been
 * painted, so neither render keeps a phone busy for long (Lighthouse's Total Blocking Time). Two is a phone's first
 * row, which holds the largest paint; fewer cards in that render bring it sooner.
 */
export const FIRST_RENDER_CARDS = 2;

/**
 * False for the first render and true from the next task on. True at once for a page the server rendered, which
 * has every card already: hydrating it draws them all too.
 */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(useHydrating());
  useEffect(() => {
    if (ready) return undefined;
    const timer = window.setTimeout(() => startTransition(() => setReady(true)), 0);
    return () => window.clearTimeout(timer);
  }, [ready]);
  return ready;
}

export function ProductGrid({ products, loading = false, renderProduct }: ProductGridProps) {
  const all = useAfterFirstPaint();
  // Static classes (styles/storefront.css) rather than Box's sx: no styles to serialise per card while hydrating.
  if (loading) {
    return (
      <div className="menu-grid" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          // Plain boxes rather than MUI's Skeleton: the home page never shows them (its loader has the menu before
          // it renders), so the first download does not carry Skeleton for the screens that do.
          <div key={index} className="menu-grid-placeholder" />
        ))}
      </div>
    );
  }
  return (
    <ul className="menu-grid">
      {(all ? products : products.slice(0, FIRST_RENDER_CARDS)).map((product, index) => (
        <li key={product._id}>
          {renderProduct ? renderProduct(product, index < EAGER_CARDS) : <ProductCard product={product} eager={index < EAGER_CARDS} />}
        </li>
      ))}
    </ul>
  );
}
