import type { ReactNode } from 'react';
import { useSession } from '../../../lib/use-session';
import { useFavourites } from '../api/favourites-queries';
import { FavouriteButton } from './favourite-button';

/**
 * The heart for each menu card, filled for the signed-in user's favourites. The user's favourites are read once
 * for the whole grid, not once per card.
 */
export function useFavouriteHearts(): (product: { _id: string; title: string }) => ReactNode {
  const { user } = useSession();
  const favourites = useFavourites(user?.email);
  const saved = new Set((favourites.data ?? []).map((favourite) => favourite.id));
  return (product) => <FavouriteButton productId={product._id} title={product.title} user={user} saved={saved.has(product._id)} />;
}
