import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressInput, AddressUpdate, AddressWire } from '@shop/shared/contract/addresses';
import { api } from '../../../lib/api';

export const addressesQueryKey = (email: string) => ['addresses', email] as const;
export const addressQueryKey = (id: string) => ['address', id] as const;

export function useAddresses(email: string | undefined) {
  return useQuery({
    queryKey: addressesQueryKey(email ?? ''),
    queryFn: ({ signal }) => api.get<AddressWire[]>(`/get-address-by-email/${encodeURIComponent(email ?? '')}`, { signal }),
    enabled: Boolean(email),
  });
}

export function useAddress(id: string | undefined) {
  return useQuery({
    queryKey: addressQueryKey(id ?? ''),
    queryFn: ({ signal }) => api.get<AddressWire>(`/address-collection/${id ?? ''}`, { signal }),
    enabled: Boolean(id),
  });
}

export function useSaveAddress(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddressInput | AddressUpdate) =>
      id
        ? api.put<{ modifiedCount: number }>(`/address-collection/${id}`, body).then(() => id)
        : api.post<{ insertedId: string }>('/address-collection', body).then((answer) => answer.insertedId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['addresses'] });
      if (id) await queryClient.invalidateQueries({ queryKey: addressQueryKey(id) });
    },
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ deletedCount: number }>(`/address-collection/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['addresses'] }),
  });
}
