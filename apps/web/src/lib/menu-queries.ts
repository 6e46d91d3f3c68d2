import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import type { MenuCategory, MenuProduct, MenuTopping } from './menu-types';

/** Keys follow the wire paths, so admin screens can invalidate them after a change. */
export const categoriesQueryKey = ['allcategori'] as const;
export const productsQueryKey = ['allproduts'] as const;
export const toppingsQueryKey = ['ingredients'] as const;

// The three menu lists, each one request cached under one key. The back office reads these requests as they are
// (fresh for the app's default 30 s); the storefront's queries below keep them for 5 minutes.
export const categoriesRequest = queryOptions({
  queryKey: categoriesQueryKey,
  queryFn: ({ signal }) => api.get<MenuCategory[]>('/allcategori', { signal }),
});
export const productsRequest = queryOptions({
  queryKey: productsQueryKey,
  queryFn: ({ signal }) => api.get<MenuProduct[]>('/allproduts', { signal }),
});
export const toppingsRequest = queryOptions({
  queryKey: toppingsQueryKey,
  queryFn: ({ signal }) => api.get<MenuTopping[]>('/ingredients', { signal }),
});

const MENU_STALE_MS = 5 * 60_000;

export const categoriesQuery = queryOptions({ ...categoriesRequest, staleTime: MENU_STALE_MS });

export const productsQuery = queryOptions({ ...productsRequest, staleTime: MENU_STALE_MS });

export function useCategories() {
  return useQuery(categoriesQuery);
}

export function useProducts() {
  return useQuery(productsQuery);
}

export const toppingsQuery = queryOptions({ ...toppingsRequest, staleTime: MENU_STALE_MS });

export function useToppings() {
  return useQuery(toppingsQuery);
}
