import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CartLine, CartQuoteAnswer } from '@shop/shared/contract/cart';
import type { OrderSlotsAnswer } from '@shop/shared/contract/shop-status';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import type { StaffChannel } from '@shop/shared/domain/order-channel';
import type { StaffCustomersAnswer, StaffOrderAnswer, StaffOrderRequest } from '@shop/shared/contract/staff-orders';
import { api } from '../../../lib/api';

/** `GET /api/staff/customers?phone=`: who the number belongs to (any spelling); nothing is asked while it is null. */
export function useCallerLookup(phone: string | null) {
  return useQuery({
    queryKey: ['staff-customers', phone] as const,
    queryFn: ({ signal }) => api.get<StaffCustomersAnswer>(`/staff/customers?phone=${encodeURIComponent(phone ?? '')}`, { signal }),
    enabled: phone !== null,
    staleTime: 30_000,
  });
}

/** What the quote of a caller's order knows beyond its lines: how it comes, through which channel, and its code. */
export interface BasketQuoteContext {
  fulfilment: Fulfilment;
  channel: StaffChannel;
  promoCode: string;
}

/**
 * The basket priced by `POST /api/cart/quote`, the storefront cart's own quote (the same prices, deals and minimum),
 * with a delivery's post code so the zone's fee and minimum come with it, and the order's channel and promotion code
 * so its discount (or why the code does not apply) comes too. The last answer stays shown while the next is asked.
 */
export function useBasketQuote(lines: readonly CartLine[], postcode: string | null, context: BasketQuoteContext) {
  const { fulfilment, channel } = context;
  const promoCode = context.promoCode.trim();
  return useQuery({
    queryKey: ['cart-quote', lines, postcode, fulfilment, channel, promoCode] as const,
    queryFn: ({ signal }) =>
      api.post<CartQuoteAnswer>(
        '/cart/quote',
        { items: lines, ...(postcode ? { postcode } : {}), fulfilment, channel, ...(promoCode ? { promoCode } : {}) },
        { signal },
      ),
    enabled: lines.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** `GET /api/order-slots`: whether as soon as possible is taken now, and the slots to order ahead for (the storefront's). */
export function useOrderSlots() {
  return useQuery({
    queryKey: ['order-slots'] as const,
    queryFn: ({ signal }) => api.get<OrderSlotsAnswer>('/order-slots', { signal }),
    refetchInterval: 60_000,
  });
}

/** `POST /api/staff/orders` with the attempt's Idempotency-Key: a retry of the same order never places it twice. */
export function placeStaffOrder(body: StaffOrderRequest, idempotencyKey: string): Promise<StaffOrderAnswer> {
  return api.post<StaffOrderAnswer>('/staff/orders', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}
