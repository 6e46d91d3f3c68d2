import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { CartLine, CartQuoteAnswer } from '@shop/shared/contract/cart';
import { api } from './api';
import { useCart } from './cart-store';

export const cartQuoteQueryKey = (lines: readonly CartLine[]) => ['cart-quote', lines] as const;

export function fetchCartQuote(lines: readonly CartLine[], signal?: AbortSignal): Promise<CartQuoteAnswer> {
  return api.post<CartQuoteAnswer>('/cart/quote', { items: lines }, { signal });
}

/**
 * What the server would charge for the cart right now (the truth; local prices are only a preview).
 * Keyed on the lines, so every change to the cart asks again and the previous answer stays shown meanwhile.
 */
export function useCartQuote(): UseQueryResult<CartQuoteAnswer> {
  const { entries } = useCart();
  const lines = entries.map((entry) => entry.line);
  return useQuery({
    queryKey: cartQuoteQueryKey(lines),
    queryFn: ({ signal }) => fetchCartQuote(lines, signal),
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
}
