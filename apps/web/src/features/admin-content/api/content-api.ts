import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnnouncementWire, BannerWire, DeletedAnswer, InsertedAnswer } from '@shop/shared/contract/catalogue';
import { api } from '../../../lib/api';
import { MY_NOTIFICATIONS_KEY } from '../../../lib/customer-orders';

export const ANNOUNCEMENTS_KEY = ['allnotification'] as const;
// The storefront's offers strip reads ['banners']; the admin list sits under it, so invalidating ['banners'] after
// an admin write refreshes both (the storefront keeps its copy for 5 minutes otherwise).
export const BANNERS_KEY = ['banners'] as const;

export const announcementsQuery = queryOptions({
  queryKey: ANNOUNCEMENTS_KEY,
  queryFn: ({ signal }) => api.get<AnnouncementWire[]>('/allnotification', { signal }),
});

export const adminBannersQuery = queryOptions({
  queryKey: [...BANNERS_KEY, 'admin'],
  queryFn: ({ signal }) => api.get<BannerWire[]>('/banners', { signal }),
  staleTime: 0,
});

export const useAnnouncements = () => useQuery(announcementsQuery);
export const useAdminBanners = () => useQuery(adminBannersQuery);

/**
 * `POST /api/allnotification` (multipart: title, description, myfiles) with the attempt's Idempotency-Key: the server
 * sends a notice once per key, however often it arrives.
 */
export function useSendAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ form, key }: { form: FormData; key: string }) =>
      api.post<InsertedAnswer>('/allnotification', form, { headers: { 'Idempotency-Key': key } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY }),
        client.invalidateQueries({ queryKey: [MY_NOTIFICATIONS_KEY] }),
      ]),
  });
}

/** `POST /api/addbanner` (multipart: myfiles). */
export function useAddBanner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api.post<InsertedAnswer>('/addbanner', form),
    onSuccess: () => client.invalidateQueries({ queryKey: BANNERS_KEY }),
  });
}

/** `DELETE /api/banners/{id}`. */
export function useDeleteBanner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<DeletedAnswer>(`/banners/${encodeURIComponent(id)}`),
    onSettled: () => client.invalidateQueries({ queryKey: BANNERS_KEY }),
  });
}
