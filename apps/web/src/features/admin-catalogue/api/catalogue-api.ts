import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AvailabilityAnswer,
  AvailabilityRequest,
  CategoryDetailWire,
  DeletedAnswer,
  InsertedAnswer,
  ModifiedAnswer,
  ProductDetailWire,
  ProductWire,
} from '@shop/shared/contract/catalogue';
import { api } from '../../../lib/api';
import {
  categoriesQueryKey,
  categoriesRequest,
  productsQueryKey,
  productsRequest,
  toppingsQueryKey,
  toppingsRequest,
} from '../../../lib/menu-queries';

// The lists are the storefront's own requests (src/lib/menu-queries.ts), under the same keys, so invalidating them
// after an admin write shows the change to customers too; the back office takes them fresh for 30 s, not 5 minutes.

export function categoryQuery(id: string) {
  return queryOptions({
    queryKey: [...categoriesQueryKey, 'one', id],
    queryFn: ({ signal }) => api.get<CategoryDetailWire>(`/allcategori/${encodeURIComponent(id)}`, { signal }),
    // The edit form must start from the stored record, not from a cached copy.
    staleTime: 0,
  });
}

export function productQuery(id: string) {
  return queryOptions({
    queryKey: [...productsQueryKey, 'one', id],
    queryFn: ({ signal }) => api.get<ProductDetailWire>(`/allproduts/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
  });
}

export function categoryProductsQuery(categoriName: string) {
  return queryOptions({
    queryKey: [...productsQueryKey, 'category', categoriName],
    queryFn: ({ signal }) => api.get<ProductWire[]>(`/products/${encodeURIComponent(categoriName)}`, { signal }),
  });
}

/** Every list the catalogue feeds, admin and storefront alike. */
export async function invalidateCatalogue(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: categoriesQueryKey }),
    client.invalidateQueries({ queryKey: productsQueryKey }),
    client.invalidateQueries({ queryKey: toppingsQueryKey }),
  ]);
}

export const useAdminCategories = () => useQuery(categoriesRequest);
export const useAdminProducts = () => useQuery(productsRequest);
export const useToppings = () => useQuery(toppingsRequest);

/** JSON body of `PUT /allcategori/{id}`. */
export interface CategoryUpdateBody {
  categoriName: string;
  /** Base64 without the data: prefix; left out to keep the image. */
  file?: string;
}

/** JSON body of `PUT /allproduts/{id}` (the spec's fields, the image in base64). */
export type ProductUpdateBody = Record<string, string | number | null>;

export interface ToppingBody {
  ToopingName: string;
  category: string;
  toopingPrice: number;
  /** The allergens' codes; [] none; null not recorded (decision 1004). */
  allergens?: string[] | null;
}

function useCatalogueMutation<TVariables, TAnswer>(send: (variables: TVariables) => Promise<TAnswer>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => invalidateCatalogue(client) });
}

export const useCreateCategory = () => useCatalogueMutation((form: FormData) => api.post<InsertedAnswer>('/allcategori', form));
export const useUpdateCategory = () =>
  useCatalogueMutation(({ id, body }: { id: string; body: CategoryUpdateBody }) => api.put<ModifiedAnswer>(`/allcategori/${id}`, body));
export const useDeleteCategory = () => useCatalogueMutation((id: string) => api.delete<DeletedAnswer>(`/allcategori/${id}`));

export const useCreateProduct = () => useCatalogueMutation((form: FormData) => api.post<InsertedAnswer>('/allproduts', form));
export const useUpdateProduct = () =>
  useCatalogueMutation(({ id, body }: { id: string; body: ProductUpdateBody }) => api.put<ModifiedAnswer>(`/allproduts/${id}`, body));
export const useDeleteProduct = () => useCatalogueMutation((id: string) => api.delete<DeletedAnswer>(`/allproduts/${id}`));

/** `PUT /allproduts/{id}/availability` or `PUT /ingredients/{id}/availability`: sold out for today, until turned back on, or back. */
export const useSetAvailability = (kind: 'product' | 'topping') =>
  useCatalogueMutation(({ id, body }: { id: string; body: AvailabilityRequest }) =>
    kind === 'product'
      ? api.put<AvailabilityAnswer>(`/allproduts/${id}/availability`, body)
      : api.put<AvailabilityAnswer>(`/ingredients/${id}/availability`, body),
  );

export const useCreateTopping = () => useCatalogueMutation((body: ToppingBody) => api.post<InsertedAnswer>('/ingredients', body));
export const useUpdateTopping = () =>
  useCatalogueMutation(({ id, body }: { id: string; body: ToppingBody }) => api.put<ModifiedAnswer>(`/ingredients/${id}`, body));
export const useDeleteTopping = () => useCatalogueMutation((id: string) => api.delete<DeletedAnswer>(`/ingredients/${id}`));
