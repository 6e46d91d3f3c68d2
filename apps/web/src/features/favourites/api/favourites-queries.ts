import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AddFavouriteAnswer, FavouriteWire } from '@shop/shared/contract/favourites';
import { FAVOURITE_ADDED } from '@shop/shared/domain/messages';
import { api, ApiError } from '../../../lib/api';
import type { MenuProduct } from '../../../lib/menu-types';
import { showToast } from '../../../lib/toast';

export type Favourite = FavouriteWire<MenuProduct>;

export const favouritesQueryKey = (email: string) => ['favouritelist', email] as const;

/** The signed-in user's favourites; idle (no request) without an e-mail. */
export function useFavourites(email: string | null | undefined) {
  return useQuery({
    queryKey: favouritesQueryKey(email ?? ''),
    queryFn: ({ signal }) => api.get<Favourite[]>(`/favouritelist/${encodeURIComponent(email ?? '')}`, { signal }),
    enabled: Boolean(email),
  });
}

export function favouriteFailure(error: unknown): void {
  showToast(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.', 'error');
}

/**
 * POST /api/favouritelist: 'Successfully Added To Favourites', or the server's duplicate `messege` as a warning.
 * A plain function rather than a mutation hook: the heart sits on every menu card of the first screen.
 */
export async function addFavourite(queryClient: QueryClient, email: string, productId: string): Promise<void> {
  try {
    const answer = await api.post<AddFavouriteAnswer>('/favouritelist', { id: productId, email });
    if ('messege' in answer) showToast(answer.messege, 'warning');
    else showToast(FAVOURITE_ADDED, 'success');
  } catch (error) {
    favouriteFailure(error);
  }
  await queryClient.invalidateQueries({ queryKey: favouritesQueryKey(email) });
}
