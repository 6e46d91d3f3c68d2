/**
 * What the staff have typed on New order, and the `POST /api/staff/orders` body it makes. Pure, so the body's rules
 * (a saved address or a typed one, the tender only at the counter, the link's way) are tested without a screen.
 */
import type { CartLine } from '@shop/shared/contract/cart';
import type { StaffOrderRequest } from '@shop/shared/contract/staff-orders';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import { PRICING_ERROR_CODES } from '@shop/shared/domain/pricing-codes';
import type { CounterTender, StaffChannel, StaffPayment } from '@shop/shared/domain/order-channel';

export interface TypedAddress {
  address: string;
  address2: string;
  city: string;
  postcode: string;
}

export const EMPTY_ADDRESS: TypedAddress = { address: '', address2: '', city: '', postcode: '' };

export interface OrderDraft {
  channel: StaffChannel;
  name: string;
  phone: string;
  email: string;
  /** The found customer's account, when one was picked. */
  accountId: string | null;
  fulfilment: Fulfilment;
  /** One of the picked account's saved addresses, or null for the typed one. */
  addressId: string | null;
  address: TypedAddress;
  /** A slot's ISO time, or null for as soon as possible. */
  scheduledFor: string | null;
  payment: StaffPayment;
  tender: CounterTender;
  sendLinkBy: 'email' | 'sms';
  note: string;
  allergyNote: string;
  /** The promotion code the caller gave, as applied ('' for none). */
  promoCode: string;
}

/** The request body: only the fields the choices call for, so the server's rules read what the screen shows. */
export function staffOrderBody(draft: OrderDraft, items: CartLine[]): StaffOrderRequest {
  const email = draft.email.trim();
  const delivery = draft.fulfilment === 'delivery';
  const typed = {
    address: draft.address.address.trim(),
    address2: draft.address.address2.trim(),
    city: draft.address.city.trim(),
    postcode: draft.address.postcode.trim(),
  };
  return {
    channel: draft.channel,
    customer: { name: draft.name.trim(), phone: draft.phone.trim(), ...(email ? { email } : {}) },
    ...(draft.accountId ? { accountId: draft.accountId } : {}),
    ...(delivery ? (draft.addressId ? { addressId: draft.addressId } : { address: typed }) : {}),
    fulfilment: draft.fulfilment,
    items,
    ...(draft.scheduledFor ? { scheduledFor: draft.scheduledFor } : {}),
    payment: draft.payment,
    ...(draft.payment === 'paid-at-counter' ? { tender: draft.tender } : {}),
    ...(draft.payment === 'payment-link' ? { sendLinkBy: draft.sendLinkBy } : {}),
    note: draft.note,
    allergyNote: draft.allergyNote,
    ...(draft.promoCode.trim() ? { promoCode: draft.promoCode.trim() } : {}),
  };
}

/** The parts of the screen a refusal can be about, each shown beside its own section. */
export type DraftSection = 'name' | 'phone' | 'email' | 'address' | 'basket' | 'when' | 'notes' | 'promo' | 'payment' | 'order';

/** Where a field of the body is shown: 'customer.phone' is the phone field, 'address.postcode' the address. */
function sectionOfField(path: string): DraftSection {
  if (path === 'customer.name') return 'name';
  if (path === 'customer.phone') return 'phone';
  if (path === 'customer.email') return 'email';
  if (path.startsWith('address') || path === 'accountId') return 'address';
  if (path.startsWith('items')) return 'basket';
  if (path === 'scheduledFor') return 'when';
  if (path === 'note' || path === 'allergyNote') return 'notes';
  if (path === 'promoCode') return 'promo';
  if (path === 'payment' || path === 'tender' || path === 'sendLinkBy') return 'payment';
  return 'order';
}

const SECTION_OF_CODE: Partial<Record<string, DraftSection>> = {
  OUTSIDE_DELIVERY_AREA: 'address',
  POSTCODE_NOT_UK: 'address',
  DELIVERY_MINIMUM: 'basket',
  ADDRESS_NOT_FOUND: 'address',
  ADDRESS_REQUIRED: 'address',
  SHOP_CLOSED: 'when',
  ORDERING_PAUSED: 'when',
  SLOT_NOT_AVAILABLE: 'when',
  MINIMUM_ORDER: 'basket',
  ORDER_TOO_LARGE: 'basket',
  ITEM_SOLD_OUT: 'basket',
  CARD_PAYMENTS_OFF: 'payment',
  PROMO_NOT_APPLICABLE: 'promo',
};

/**
 * A refusal of the order, split by the section it is about. A 400 names its fields ('customer.phone: …; address.postcode:
 * …'), each shown at its field; a 422 by its code (closed or a slot at When, the zone at the address, the minimum or
 * a sold-out item at the basket); anything else beside Place order.
 */
export function refusalSections(code: string | undefined, message: string): Partial<Record<DraftSection, string>> {
  const found: Partial<Record<DraftSection, string>> = {};
  const put = (section: DraftSection, text: string) => {
    found[section] = found[section] ? `${found[section]} ${text}` : text;
  };
  if (code === 'VALIDATION_FAILED') {
    for (const part of message.split(/;\s(?=[\w.]+:\s)/)) {
      const match = /^([\w.]+):\s(.*)$/s.exec(part);
      if (match) put(sectionOfField(match[1] ?? ''), match[2] ?? part);
      else put('order', part);
    }
    return found;
  }
  const pricing = (PRICING_ERROR_CODES as readonly string[]).includes(code ?? '');
  put((code !== undefined ? SECTION_OF_CODE[code] : undefined) ?? (pricing ? 'basket' : 'order'), message);
  return found;
}
