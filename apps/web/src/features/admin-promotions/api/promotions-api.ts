import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PromotionWire, PromotionWriteInput } from '@shop/shared/contract/promotions';
import { api } from '../../../lib/api';

/** `GET /api/promotions` (owner and managers): the codes and automatic offers with their uses (decision 1600). */
export const PROMOTIONS_KEY = ['promotions'] as const;

export const promotionsQuery = queryOptions({
  queryKey: PROMOTIONS_KEY,
  queryFn: ({ signal }) => api.get<PromotionWire[]>('/promotions', { signal }),
});

export function usePromotions() {
  return useQuery(promotionsQuery);
}

function usePromotionsRefetch() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: PROMOTIONS_KEY });
}

/** Adds a promotion, or replaces the one with `id` (PUT takes the whole promotion). */
export function useSavePromotion() {
  const refetch = usePromotionsRefetch();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PromotionWriteInput }) =>
      id ? api.put<PromotionWire>(`/promotions/${encodeURIComponent(id)}`, body) : api.post<PromotionWire>('/promotions', body),
    onSuccess: refetch,
  });
}

export function useArchivePromotion() {
  const refetch = usePromotionsRefetch();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ deletedCount: number }>(`/promotions/${encodeURIComponent(id)}`),
    onSuccess: refetch,
  });
}
