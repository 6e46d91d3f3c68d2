import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { CartLine, CartQuoteAnswer } from '@shop/shared/contract/cart';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import { api } from './api';
import { useCart } from './cart-store';

/** What checkout adds to the cart: a promotion code, the stamp card's reward, a tip (pounds; null: none chosen). */
export interface CheckoutExtrasDraft {
  promoCode: string | null;
  redeemStamps: boolean;
  tip: number | null;
}

export const NO_CHECKOUT_EXTRAS: CheckoutExtrasDraft = { promoCode: null, redeemStamps: false, tip: null };

/** The extras as the quote and the order routes take them: each field only when chosen. */
export function checkoutExtrasBody(extras: CheckoutExtrasDraft): Record<string, unknown> {
  return {
    ...(extras.promoCode ? { promoCode: extras.promoCode } : {}),
    ...(extras.redeemStamps ? { redeemStamps: true } : {}),
    ...(extras.tip ? { tip: extras.tip } : {}),
  };
}

/** What checkout knows beyond the lines: how the order comes, where to (a delivery's post code), and its extras. */
export interface CheckoutQuoteContext {
  fulfilment: Fulfilment;
  postcode: string | null;
  extras: CheckoutExtrasDraft;
}

export const cartQuoteQueryKey = (lines: readonly CartLine[], context?: CheckoutQuoteContext) =>
  context ? (['cart-quote', lines, context] as const) : (['cart-quote', lines] as const);

export function fetchCartQuote(lines: readonly CartLine[], signal?: AbortSignal, context?: CheckoutQuoteContext): Promise<CartQuoteAnswer> {
  const checkout = context
    ? {
        fulfilment: context.fulfilment,
        ...(context.postcode && context.fulfilment === 'delivery' ? { postcode: context.postcode } : {}),
        ...checkoutExtrasBody(context.extras),
      }
    : {};
  return api.post<CartQuoteAnswer>('/cart/quote', { items: lines, ...checkout }, { signal });
}

/**
 * What the server would charge for the cart right now (the truth; local prices are only a preview).
 * Keyed on the lines, so every change to the cart asks again and the previous answer stays shown meanwhile.
 * Checkout passes its context (fulfilment, post code, extras), so the answer's `toPay` is what the order costs.
 */
export function useCartQuote(context?: CheckoutQuoteContext): UseQueryResult<CartQuoteAnswer> {
  const { entries } = useCart();
  const lines = entries.map((entry) => entry.line);
  return useQuery({
    queryKey: cartQuoteQueryKey(lines, context),
    queryFn: ({ signal }) => fetchCartQuote(lines, signal, context),
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
}
