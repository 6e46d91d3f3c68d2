import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGE, POSTCODE_MESSAGE } from '@shop/shared/contract/addresses';
import { GUEST_NAME_MESSAGE } from '@shop/shared/contract/guest';
import { PHONE_MESSAGE } from '@shop/shared/domain/phone';
import {
  ADDRESS_LINE_MESSAGE,
  CITY_MESSAGE,
  EMPTY_GUEST,
  GUEST_STORAGE_KEY,
  guestFieldErrors,
  guestOrderFields,
  guestProblems,
  readStoredGuest,
  storeGuest,
  type GuestDraft,
} from './guest-details';

const ada: GuestDraft = {
  name: ' Ada Lovelace ',
  email: 'ada@example.com',
  phone: '07700 900123',
  address: '12 Engine Row',
  address2: '',
  city: 'Bristol',
  postcode: 'bs1 4dj',
};

describe('guestProblems', () => {
  it('finds none in complete details, for a delivery and a collection', () => {
    expect(guestProblems(ada, false)).toEqual({});
    expect(guestProblems(ada, true)).toEqual({});
  });

  it('names each missing or mistyped field in the server’s words', () => {
    expect(guestProblems(EMPTY_GUEST, false)).toEqual({
      name: GUEST_NAME_MESSAGE,
      email: EMAIL_MESSAGE,
      phone: PHONE_MESSAGE,
      address: ADDRESS_LINE_MESSAGE,
      city: CITY_MESSAGE,
      postcode: POSTCODE_MESSAGE,
    });
    expect(guestProblems({ ...ada, email: 'ada@', phone: '123', postcode: 'not a postcode' }, false)).toEqual({
      email: EMAIL_MESSAGE,
      phone: PHONE_MESSAGE,
      postcode: POSTCODE_MESSAGE,
    });
  });

  it('asks a collection for no address', () => {
    expect(guestProblems({ ...ada, address: '', city: '', postcode: '' }, true)).toEqual({});
  });
});

describe('guestOrderFields', () => {
  it('sends the guest, and for a delivery the typed address (its contact is the guest’s)', () => {
    expect(guestOrderFields(ada, false)).toEqual({
      guest: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '07700 900123' },
      address: { address: '12 Engine Row', address2: '', city: 'Bristol', postcode: 'bs1 4dj' },
    });
    expect(guestOrderFields(ada, true)).toEqual({ guest: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '07700 900123' } });
  });
});

describe('guestFieldErrors', () => {
  it('puts each part of a refusal under the field it names', () => {
    expect(
      guestFieldErrors({
        message: 'guest.email: Please enter a valid email address; address.postcode: Please enter a UK post code such as SW1A 1AA',
      }),
    ).toEqual({ email: EMAIL_MESSAGE, postcode: POSTCODE_MESSAGE });
    expect(guestFieldErrors({ message: 'guest.phone: Please enter a phone number' })).toEqual({ phone: 'Please enter a phone number' });
  });

  it('keeps what names no field for the form', () => {
    expect(guestFieldErrors({ message: 'note: Too long; address.city: Town/City is required' })).toEqual({
      city: 'Town/City is required',
      form: 'note: Too long',
    });
    expect(guestFieldErrors({ message: 'We do not deliver to BS9' })).toEqual({ form: 'We do not deliver to BS9' });
  });
});

describe('the tab’s copy of the details', () => {
  it('comes back as it was kept', () => {
    const storage = new Map<string, string>();
    const tab = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    };
    storeGuest(tab, ada);
    expect(readStoredGuest(tab)).toEqual(ada);
  });

  it('is empty when nothing, or something unreadable, was kept', () => {
    expect(readStoredGuest(undefined)).toEqual(EMPTY_GUEST);
    expect(readStoredGuest({ getItem: () => 'not json' })).toEqual(EMPTY_GUEST);
    expect(readStoredGuest({ getItem: () => JSON.stringify({ name: 42, email: 'a@b.co' }) })).toEqual({ ...EMPTY_GUEST, email: 'a@b.co' });
    expect(GUEST_STORAGE_KEY).toBe('shop.guest-checkout');
  });
});
