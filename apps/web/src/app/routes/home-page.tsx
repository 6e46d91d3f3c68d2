import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { BasketBar } from '../../features/cart/components/basket-bar';
import { SideCart } from '../../features/cart/components/side-cart';
import { favourite } from '../../features/favourites/components/favourite-button';
import { useFavouriteHearts } from '../../features/favourites/components/use-favourite-hearts';
import { MenuScreen } from '../../features/menu/components/menu-screen';
import { addTapToCart, CardTapContext, tapInUrl } from '../../features/menu/lib/taps-in-url';
import { useMenuCatalogue } from '../../lib/menu-catalogue';
import { paths } from '../../lib/paths';

/** One element for every render, so the memoised menu screen is not redrawn for a new but equal aside. */
const sideCart = <SideCart />;

/**
 * A tap on the menu made before the app ran, which came as the page's address (features/menu/lib/taps-in-url.ts): taken
 * out of the address (history.replace, so a reload does not make it again) and carried out once: Add to cart and the
 * heart here, Build Deal and the extras by their card, the allergen filter by its button, each opening its dialog.
 * Gives the menu its tap.
 */
function useTapInUrl() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { products, catalogue, ready } = useMenuCatalogue();
  const found = useMemo(() => tapInUrl(params), [params]);
  const made = useRef<typeof found>(null);

  const rest = found && found.rest.size > 0 ? `?${found.rest.toString()}` : '';
  const taken = useCallback(() => {
    void navigate({ pathname: paths.home, search: rest }, { replace: true, preventScrollReset: true });
  }, [navigate, rest]);

  useEffect(() => {
    // Once each (React's strict mode runs an effect twice), and with the menu in, whose line or deal it names.
    if (!found || !ready || made.current === found) return;
    const { tap } = found;
    if (tap.action !== 'add' && tap.action !== 'favourite') return;
    made.current = found;
    taken();
    if (tap.action === 'add') addTapToCart(tap, products.get(tap.id), catalogue);
    else
      void favourite(queryClient, tap.id, () => void navigate(paths.signin, { state: { from: { pathname: paths.home, search: rest } } }));
  }, [found, ready, taken, products, catalogue, queryClient, navigate, rest]);

  // The taps that open a dialog of the menu: deal, extras, filter.
  const tap = found?.tap ?? null;
  const cardTap = tap && tap.action !== 'add' && tap.action !== 'favourite' ? tap : null;
  return useMemo(() => ({ tap: cardTap, taken }), [cardTap, taken]);
}

/** Home `/`: the menu, each card with its favourite heart, and from md up the side cart; below md the basket bar. */
export function HomePage() {
  const heart = useFavouriteHearts();
  const cardTap = useTapInUrl();
  return (
    <CardTapContext value={cardTap}>
      <MenuScreen cardAction={heart} aside={sideCart} />
      <BasketBar />
    </CardTapContext>
  );
}
