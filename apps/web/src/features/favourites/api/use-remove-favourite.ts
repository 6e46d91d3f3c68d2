import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteFavouriteAnswer } from '@shop/shared/contract/favourites';
import { FAVOURITE_REMOVED } from '@shop/shared/domain/messages';
import { api } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { favouriteFailure, favouritesQueryKey } from './favourites-queries';

/** DELETE /api/favouritelist/{id}: 'Successfully Removed From Favourites'. */
export function useRemoveFavourite(email: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favouriteId: string) => api.delete<DeleteFavouriteAnswer>(`/favouritelist/${favouriteId}`),
    onSuccess: () => {
      showToast(FAVOURITE_REMOVED, 'success');
      void queryClient.invalidateQueries({ queryKey: favouritesQueryKey(email ?? '') });
    },
    onError: favouriteFailure,
  });
}
