import { EMAIL_MESSAGE, normalisePostcode, POSTCODE_MESSAGE } from '@shop/shared/contract/addresses';
import { GUEST_NAME_MESSAGE } from '@shop/shared/contract/guest';
import { canonicalPhone, PHONE_MESSAGE } from '@shop/shared/domain/phone';

/** A guest's details as typed at checkout (decision 1502): who they are, and for a delivery where it goes. */
export interface GuestDraft {
  name: string;
  email: string;
  phone: string;
  address: string;
  address2: string;
  city: string;
  postcode: string;
}

export type GuestField = keyof GuestDraft;

export const EMPTY_GUEST: GuestDraft = { name: '', email: '', phone: '', address: '', address2: '', city: '', postcode: '' };

/** Each field's problem, by the form's field; `form` holds what belongs to no field. */
export type GuestProblems = Partial<Record<GuestField, string>> & { form?: string };

export const ADDRESS_LINE_MESSAGE = 'Address is required';
export const CITY_MESSAGE = 'Town/City is required';

// The server's check is the contract's (zod's e-mail); this one only catches what a person mistypes before sending.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The name, e-mail and phone's problems, checked as the server checks them (guestSchema). */
export function guestContactProblems(draft: Pick<GuestDraft, 'name' | 'email' | 'phone'>): GuestProblems {
  return {
    ...(draft.name.trim() === '' ? { name: GUEST_NAME_MESSAGE } : {}),
    ...(EMAIL_SHAPE.test(draft.email.trim()) ? {} : { email: EMAIL_MESSAGE }),
    ...(canonicalPhone(draft.phone) === null ? { phone: PHONE_MESSAGE } : {}),
  };
}

/** A typed delivery address's problems (the address form's rules): a line, a town and a UK post code. */
export function guestAddressProblems(draft: Pick<GuestDraft, 'address' | 'city' | 'postcode'>): GuestProblems {
  return {
    ...(draft.address.trim() === '' ? { address: ADDRESS_LINE_MESSAGE } : {}),
    ...(draft.city.trim() === '' ? { city: CITY_MESSAGE } : {}),
    ...(normalisePostcode(draft.postcode) === null ? { postcode: POSTCODE_MESSAGE } : {}),
  };
}

/** Every problem of the guest's details; a collection needs no address. */
export function guestProblems(draft: GuestDraft, collection: boolean): GuestProblems {
  return { ...guestContactProblems(draft), ...(collection ? {} : guestAddressProblems(draft)) };
}

/** What the order routes take of a guest: `guest`, and for a delivery the typed `address` (its contact is the guest's). */
export function guestOrderFields(
  draft: GuestDraft,
  collection: boolean,
): {
  guest: { name: string; email: string; phone: string };
  address?: { address: string; address2: string; city: string; postcode: string };
} {
  const guest = { name: draft.name.trim(), email: draft.email.trim(), phone: draft.phone.trim() };
  if (collection) return { guest };
  return {
    guest,
    address: { address: draft.address.trim(), address2: draft.address2.trim(), city: draft.city.trim(), postcode: draft.postcode.trim() },
  };
}

/** The form's field of each name the server gives ('guest.email', 'address.postcode'; an address's own contact is the guest's). */
const FIELD_OF_PATH: Readonly<Record<string, GuestField>> = {
  'guest.name': 'name',
  'guest.email': 'email',
  'guest.phone': 'phone',
  'address.firstname': 'name',
  'address.lastname': 'name',
  'address.Email': 'email',
  'address.phone': 'phone',
  'address.address': 'address',
  'address.address2': 'address2',
  'address.city': 'city',
  'address.postcode': 'postcode',
};

/**
 * A refused order's words put under the fields they name. The server's 400 VALIDATION_FAILED names each field before
 * its message ('guest.email: Please enter a valid email address; address.postcode: …'); a part that names no field of
 * the form stays for the form (`form`).
 */
export function guestFieldErrors(refusal: { message: string }): GuestProblems {
  const errors: GuestProblems = {};
  const rest: string[] = [];
  for (const part of refusal.message.split(/;\s+(?=[\w.]+: )/)) {
    const named = /^([\w.]+): (.+)$/s.exec(part);
    const field = named?.[1] ? FIELD_OF_PATH[named[1]] : undefined;
    if (field && named?.[2]) errors[field] ??= named[2];
    else rest.push(part);
  }
  if (rest.length > 0) errors.form = rest.join('; ');
  return errors;
}

/** The fields in the page's order: the first with a problem takes the focus. */
export const GUEST_FIELD_ORDER: readonly GuestField[] = ['name', 'email', 'phone', 'address', 'address2', 'city', 'postcode'];

/** The tab's copy of the guest's details, so a reload does not lose them (sessionStorage: gone with the tab). */
export const GUEST_STORAGE_KEY = 'shop.guest-checkout';

/** The details kept in this tab, or empty ones; anything unreadable is ignored. */
export function readStoredGuest(storage: Pick<Storage, 'getItem'> | undefined): GuestDraft {
  try {
    const raw = storage?.getItem(GUEST_STORAGE_KEY);
    if (!raw) return EMPTY_GUEST;
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== 'object') return EMPTY_GUEST;
    const stored = parsed as Record<string, unknown>;
    const text = (field: GuestField) => (typeof stored[field] === 'string' ? (stored[field] as string).slice(0, 200) : '');
    return Object.fromEntries(GUEST_FIELD_ORDER.map((field) => [field, text(field)])) as unknown as GuestDraft;
  } catch {
    return EMPTY_GUEST;
  }
}

/** Keeps the details in this tab; a full or blocked storage only means a reload starts empty. */
export function storeGuest(storage: Pick<Storage, 'setItem'> | undefined, draft: GuestDraft): void {
  try {
    storage?.setItem(GUEST_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Private browsing or a full storage: nothing to do.
  }
}

/** The tab's note that the visitor chose Continue as guest, so a reload of /payment does not ask again. */
export const GUEST_CHOICE_KEY = 'shop.checkout-as-guest';

export function readGuestChoice(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return storage?.getItem(GUEST_CHOICE_KEY) === 'yes';
  } catch {
    return false;
  }
}

export function storeGuestChoice(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, asGuest: boolean): void {
  try {
    if (asGuest) storage?.setItem(GUEST_CHOICE_KEY, 'yes');
    else storage?.removeItem(GUEST_CHOICE_KEY);
  } catch {
    // A blocked storage: the page asks again after a reload.
  }
}
