import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import type { MenuCategory, MenuProduct, MenuTopping } from './menu-types';

/** Keys follow the wire paths, so admin screens can invalidate them after a change. */
export const categoriesQueryKey = ['allcategori'] as const;
export const productsQueryKey = ['allproduts'] as const;
export const toppingsQueryKey = ['ingredients'] as const;

export const categoriesQuery = queryOptions({
  queryKey: categoriesQueryKey,
  queryFn: ({ signal }) => api.get<MenuCategory[]>('/allcategori', { signal }),
  staleTime: 5 * 60_000,
});

export const productsQuery = queryOptions({
  queryKey: productsQueryKey,
  queryFn: ({ signal }) => api.get<MenuProduct[]>('/allproduts', { signal }),
  staleTime: 5 * 60_000,
});

export function useCategories() {
  return useQuery(categoriesQuery);
}

export function useProducts() {
  return useQuery(productsQuery);
}

export const toppingsQuery = queryOptions({
  queryKey: toppingsQueryKey,
  queryFn: ({ signal }) => api.get<MenuTopping[]>('/ingredients', { signal }),
  staleTime: 5 * 60_000,
});

export function useToppings() {
  return useQuery(toppingsQuery);
}
