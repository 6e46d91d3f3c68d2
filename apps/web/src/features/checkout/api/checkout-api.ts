import { useQuery } from '@tanstack/react-query';
import type { CartLine } from '@shop/shared/contract/cart';
import type { CreatePaymentIntentAnswer, PaymentConfig, TestPaymentConfirm, TestPaymentConfirmAnswer } from '@shop/shared/contract/orders';
import type { OrderSlotsAnswer } from '@shop/shared/contract/shop-status';
import { api } from '../../../lib/api';

export function usePaymentConfig() {
  return useQuery({
    queryKey: ['payment-config'],
    queryFn: ({ signal }) => api.get<PaymentConfig>('/payment-config', { signal }),
    staleTime: Infinity,
  });
}

/** Whether the shop takes orders now, by the shop's clock (the one query the menu and the cart also read). */
export { useOpeningStatus } from '../../../lib/opening-status';

export interface OrderDraft {
  items: CartLine[];
  addressId: string;
  note: string;
  email: string;
  /** The slot ordered ahead for (ISO, one of GET /api/order-slots'), or null for as soon as possible. */
  scheduledFor: string | null;
}

export const orderSlotsQueryKey = ['order-slots'] as const;

/**
 * `GET /api/order-slots`: whether an order for as soon as possible is taken now, and the 15-minute slots of today
 * and tomorrow to order ahead for ('Sat 19:30' labels from the server). Asked again every minute and whenever the
 * opening status changes (the page invalidates it then).
 */
export function useOrderSlots() {
  return useQuery({
    queryKey: orderSlotsQueryKey,
    queryFn: ({ signal }) => api.get<OrderSlotsAnswer>('/order-slots', { signal }),
    refetchInterval: 60_000,
  });
}

/** `scheduledFor` in a body only when the order is scheduled: an order for as soon as possible sends it not at all. */
function when(draft: OrderDraft): { scheduledFor?: string } {
  return draft.scheduledFor ? { scheduledFor: draft.scheduledFor } : {};
}

/** One attempt at placing an order carries one key, so a retried request never places a second order. */
function keyHeader(idempotencyKey: string) {
  return { headers: { 'Idempotency-Key': idempotencyKey } };
}

export function placeCashOrder(draft: OrderDraft, idempotencyKey: string): Promise<{ insertedId: string }> {
  return api.post<{ insertedId: string }>(
    '/buy-product',
    {
      items: draft.items,
      email: draft.email,
      paymentType: 'Cash',
      status: 'Pending Order',
      addressId: draft.addressId,
      note: draft.note,
      ...when(draft),
    },
    keyHeader(idempotencyKey),
  );
}

export function createPaymentIntent(
  draft: OrderDraft,
  price: number | undefined,
  idempotencyKey: string,
): Promise<CreatePaymentIntentAnswer> {
  return api.post<CreatePaymentIntentAnswer>(
    '/create-payment-intent',
    { items: draft.items, addressId: draft.addressId, note: draft.note, ...when(draft), ...(price !== undefined ? { price } : {}) },
    keyHeader(idempotencyKey),
  );
}

export function confirmTestPayment(body: TestPaymentConfirm): Promise<TestPaymentConfirmAnswer> {
  return api.post<TestPaymentConfirmAnswer>('/test-payments/confirm', body);
}
