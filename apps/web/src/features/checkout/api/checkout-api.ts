import { useQuery } from '@tanstack/react-query';
import type { CartLine } from '@shop/shared/contract/cart';
import type { CreatePaymentIntentAnswer, PaymentConfig, TestPaymentConfirm, TestPaymentConfirmAnswer } from '@shop/shared/contract/orders';
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
}

/** One attempt at placing an order carries one key, so a retried request never places a second order. */
function keyHeader(idempotencyKey: string) {
  return { headers: { 'Idempotency-Key': idempotencyKey } };
}

export function placeCashOrder(draft: OrderDraft, idempotencyKey: string): Promise<{ insertedId: string }> {
  return api.post<{ insertedId: string }>(
    '/buy-product',
    { items: draft.items, email: draft.email, paymentType: 'Cash', status: 'Pending Order', addressId: draft.addressId, note: draft.note },
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
    { items: draft.items, addressId: draft.addressId, note: draft.note, ...(price !== undefined ? { price } : {}) },
    keyHeader(idempotencyKey),
  );
}

export function confirmTestPayment(body: TestPaymentConfirm): Promise<TestPaymentConfirmAnswer> {
  return api.post<TestPaymentConfirmAnswer>('/test-payments/confirm', body);
}
