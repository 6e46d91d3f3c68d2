import { checkoutExtrasBody, type CheckoutExtrasDraft } from '../../../lib/use-cart-quote';
import { useQuery } from '@tanstack/react-query';
import type { CartLine } from '@shop/shared/contract/cart';
import type {
  BuyProductAnswer,
  CreatePaymentIntentAnswer,
  OrderWire,
  PaymentConfig,
  TestPaymentConfirm,
  TestPaymentConfirmAnswer,
} from '@shop/shared/contract/orders';
import type { ShopTrader } from '@shop/shared/contract/settings';
import type { OrderSlotsAnswer } from '@shop/shared/contract/shop-status';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import { orderNotPlacedMessage } from '@shop/shared/domain/messages';
import { PAY_ON_COLLECTION } from '@shop/shared/domain/payment-types';
import { api } from '../../../lib/api';
import type { guestOrderFields } from '../lib/guest-details';

type GuestOrderFields = ReturnType<typeof guestOrderFields>;

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
  /** The delivery address; null for a collection order (decision 1003). */
  addressId: string | null;
  note: string;
  /** 'Any allergies we should know about?' ('' when none). */
  allergyNote: string;
  fulfilment: Fulfilment;
  /** Who collects a collection order; null for a delivery. */
  contact: { name: string; phone: string } | null;
  email: string;
  /** A guest's order (decision 1502): who they are and, for a delivery, the typed address; null for a signed-in customer. */
  guest: GuestOrderFields | null;
  /** The slot ordered ahead for (ISO, one of GET /api/order-slots'), or null for as soon as possible. */
  scheduledFor: string | null;
  /** A promotion code, the stamp card's reward, a tip: as the quote was asked with them. */
  extras: CheckoutExtrasDraft;
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

/** The extras in a body only when chosen: an order without them sends none of the fields. */
function extrasOf(draft: OrderDraft): Record<string, unknown> {
  return checkoutExtrasBody(draft.extras);
}

/** `scheduledFor` in a body only when the order is scheduled: an order for as soon as possible sends it not at all. */
function when(draft: OrderDraft): { scheduledFor?: string } {
  return draft.scheduledFor ? { scheduledFor: draft.scheduledFor } : {};
}

/**
 * How the order reaches the customer and the allergy note: a delivery sends its address, a collection its contact
 * and no address (decision 1003); the allergy note only when there is one.
 */
function how(draft: OrderDraft): Record<string, unknown> {
  const allergy = draft.allergyNote ? { allergyNote: draft.allergyNote } : {};
  // A guest is the contact of their collection, and sends their delivery's address itself (no saved addresses).
  if (draft.guest) return { ...draft.guest, ...(draft.fulfilment === 'collection' ? { fulfilment: 'collection' } : {}), ...allergy };
  if (draft.fulfilment === 'collection') return { fulfilment: 'collection', contact: draft.contact, ...allergy };
  return { addressId: draft.addressId, ...allergy };
}

/** `GET /api/shop-trader`: the shop's name and address, which a collection order is collected from. */
export function useShopTrader(enabled: boolean) {
  return useQuery({
    queryKey: ['shop-trader'],
    queryFn: ({ signal }) => api.get<ShopTrader>('/shop-trader', { signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** One attempt at placing an order carries one key, so a retried request never places a second order. */
function keyHeader(idempotencyKey: string) {
  return { headers: { 'Idempotency-Key': idempotencyKey } };
}

export function placeCashOrder(draft: OrderDraft, idempotencyKey: string): Promise<BuyProductAnswer> {
  return api.post<BuyProductAnswer>(
    '/buy-product',
    {
      items: draft.items,
      // A signed-in customer's own e-mail; a guest's is in `guest`.
      ...(draft.email ? { email: draft.email } : {}),
      paymentType: draft.fulfilment === 'collection' ? PAY_ON_COLLECTION : 'Cash',
      status: 'Pending Order',
      note: draft.note,
      ...how(draft),
      ...when(draft),
      ...extrasOf(draft),
    },
    keyHeader(idempotencyKey),
  );
}

export function createPaymentIntent(
  draft: OrderDraft,
  price: number | undefined,
  idempotencyKey: string,
  { saveCard = false }: { saveCard?: boolean } = {},
): Promise<CreatePaymentIntentAnswer> {
  return api.post<CreatePaymentIntentAnswer>(
    '/create-payment-intent',
    {
      items: draft.items,
      note: draft.note,
      ...how(draft),
      ...when(draft),
      ...extrasOf(draft),
      ...(price !== undefined ? { price } : {}),
      // Only when asked: an order without it sends none.
      ...(saveCard ? { saveCard: true } : {}),
    },
    keyHeader(idempotencyKey),
  );
}

export function confirmTestPayment(body: TestPaymentConfirm): Promise<TestPaymentConfirmAnswer> {
  return api.post<TestPaymentConfirmAnswer>('/test-payments/confirm', body);
}

/** The card was authorised, but by then the order could not be placed: its message says why, and that the hold is released. */
export class OrderNotPlaced extends Error {}

const PLACEMENT_POLL_MS = 500;
const PLACEMENT_WAIT_MS = 15_000;

/**
 * After Stripe authorised the card: the webhook places the order only if it could still be placed (open, not
 * paused, its slot free, nothing sold out). Waits for that outcome: placed, or refused with why (thrown, in the
 * words the e-mail uses). A webhook slower than the wait counts as placed: the order page follows it live.
 * It reads the order by its tracking link (`/track/<token>`), which a guest can read as well as a customer.
 */
export async function waitForCardOrder(trackingUrl: string): Promise<void> {
  const deadline = Date.now() + PLACEMENT_WAIT_MS;
  for (;;) {
    const order = await api.get<Pick<OrderWire, 'placedAt' | 'status' | 'cancelReason'>>(trackingUrl);
    if (order.placedAt) return;
    if (order.status === 'Canceled Order') throw new OrderNotPlaced(orderNotPlacedMessage(order.cancelReason ?? ''));
    if (Date.now() >= deadline) return;
    await new Promise((resolve) => setTimeout(resolve, PLACEMENT_POLL_MS));
  }
}
