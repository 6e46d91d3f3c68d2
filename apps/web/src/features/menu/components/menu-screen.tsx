import { lazy, memo, Suspense, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { OpeningState } from '../../../components/opening-state';
import { Page } from '../../../components/page';
import { useAvoidedAllergens } from '../../../lib/allergen-filter';
import { LiveMenu } from '../../../lib/live-menu';
import { useCategories, useProducts } from '../../../lib/menu-queries';
import type { MenuProduct } from '../../../lib/menu-types';
import { AllergenFilterBar } from './allergen-filter-bar';
import { BannerStrip } from './banner-strip';
import { CategorySelector } from './category-selector';
import { ProductList } from './product-list';
import { DEFAULT_CATEGORY, selectCategory } from '../lib/select-category';

// With the allergen filter on only: its rules and marks stay out of the menu's first download.
const FilteredProductList = lazy(() => import('./filtered-product-list').then((m) => ({ default: m.FilteredProductList })));

interface MenuScreenProps {
  /** Over each card's image, e.g. the favourite heart (the app layer brings it from the favourites feature). */
  cardAction?: (product: MenuProduct) => ReactNode;
  /** Beside the grid from md up, e.g. the side cart. */
  aside?: ReactNode;
}

/**
 * The menu screen: banners, the category selector and the chosen category's products, with the screen's aside. It
 * stays true while open: refetched when the shop says the menu changed, and when a sold-out item is back.
 * Memoised: its page re-renders when the session answers, and unchanged props then skip redrawing every card.
 */
export const MenuScreen = memo(function MenuScreen({ cardAction, aside }: MenuScreenProps) {
  const categories = useCategories();
  const products = useProducts();
  const [searchParams, setSearchParams] = useSearchParams();
  const avoid = useAvoidedAllergens();

  const categoryList = categories.data ?? [];
  const selected = selectCategory(categoryList, searchParams.get('category'));
  const shown = (products.data ?? []).filter((product) => product.category === selected);

  const choose = (name: string) => {
    // The choice lives in the URL so Back from a product or the cart returns to the same category.
    setSearchParams(name === DEFAULT_CATEGORY ? {} : { category: name }, { replace: true, preventScrollReset: true });
  };

  const failed = categories.isError || products.isError;
  // Retry is a link to this very address: before the app runs a tap reloads the page, which asks again; with the app
  // running, the click asks again in place.
  const { pathname, search } = useLocation();
  const retry = () => {
    if (categories.isError) void categories.refetch();
    if (products.isError) void products.refetch();
  };

  return (
    <Page title="Our Menu" documentTitle="Pizza, Wings, Shakes and Deals" actions={<OpeningState />}>
      <LiveMenu />
      {failed ? (
        <div role="alert" className="menu-error">
          <p>The menu could not be loaded. Check your connection and try again.</p>
          <a
            href={`${pathname}${search}`}
            className="card-button is-contained"
            onClick={(event) => {
              event.preventDefault();
              retry();
            }}
          >
            Retry
          </a>
        </div>
      ) : (
        <>
          <BannerStrip />
          <CategorySelector categories={categoryList} selected={selected} onSelect={choose} />
          <AllergenFilterBar avoid={avoid} category={selected} />
          {/* Static classes (styles/storefront.css): the first screen's frame, hydrated with it. */}
          <div className="menu-columns">
            <section aria-labelledby="category-heading">
              <h2 id="category-heading" className="menu-category-heading">
                {selected ?? 'Menu'}
              </h2>
              {avoid.length > 0 ? (
                <Suspense fallback={<ProductList products={[]} loading />}>
                  <FilteredProductList
                    products={shown}
                    avoid={avoid}
                    loading={products.isPending || categories.isPending}
                    cardAction={cardAction}
                  />
                </Suspense>
              ) : (
                // Each boundary is hydrated after the frame, in short tasks; a tap on it first hydrates it (decision 1103).
                <Suspense>
                  <ProductList products={shown} loading={products.isPending || categories.isPending} cardAction={cardAction} />
                </Suspense>
              )}
              {!products.isPending && !categories.isPending && shown.length === 0 && (
                <p className="menu-empty">There is nothing in this category yet.</p>
              )}
            </section>
            <Suspense>{aside}</Suspense>
          </div>
        </>
      )}
    </Page>
  );
});
