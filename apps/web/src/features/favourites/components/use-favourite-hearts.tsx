import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { useSession } from '../../../lib/use-session';
import { useFavourites } from '../api/favourites-queries';
import { FavouriteButton } from './favourite-button';

/**
 * The heart for each menu card, filled for the signed-in user's favourites. The user's favourites are read once
 * for the whole grid, not once per card. The function stays the same object until the favourites change, and
 * those changes reach it as deferred values: the session's answer arrives just after the menu's first
 * screen, and redrawing every card then would be one long task; deferred, React redraws them in a transition.
 */
export function useFavouriteHearts(): (product: { _id: string; title: string }) => ReactNode {
  const user = useDeferredValue(useSession().user);
  const favourites = useDeferredValue(useFavourites(user?.email).data);
  return useMemo(() => {
    const saved = new Set((favourites ?? []).map((favourite) => favourite.id));
    return (product: { _id: string; title: string }) => (
      <FavouriteButton productId={product._id} title={product.title} saved={saved.has(product._id)} />
    );
  }, [favourites]);
}
