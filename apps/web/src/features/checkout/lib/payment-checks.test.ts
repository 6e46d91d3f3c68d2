import { describe, expect, it } from 'vitest';
import { ADD_ADDRESS_CARD, ADD_ADDRESS_PLACING, MINIMUM_ORDER } from '@shop/shared/domain/messages';
import { ApiError } from '../../../lib/api';
import {
  CHECKING_PRICES,
  checkPayment,
  chosenAddressId,
  GUEST_ADDRESS_PROBLEM,
  GUEST_ADDRESS_REASON,
  GUEST_DETAILS_PROBLEM,
  GUEST_DETAILS_REASON,
  LOADING_ADDRESSES,
  minimumShortfallText,
  NO_ADDRESS_REASON,
  NOT_DELIVERED_REASON,
  quoteErrorText,
  type PaymentCheckInput,
} from './payment-checks';

const CLOSING = 'We stop taking orders 15 minutes before closing. We open tomorrow at 12:00.';
const ready: PaymentCheckInput = {
  lineCount: 2,
  quote: { meetsMinimum: true },
  quoteError: null,
  addressId: 'a1',
  opening: { acceptingOrders: true, message: 'We are open until 23:15. Orders close at 23:00.' },
  payment: 'Card',
};

describe('checkPayment', () => {
  it.each<[string, Partial<PaymentCheckInput>]>([
    ['a complete card order may go', {}],
    ['a complete cash order may go', { payment: 'Cash' }],
    ['an order while the opening hours are still loading may go (the server checks them again)', { opening: undefined }],
  ])('%s, to the address chosen', (_label, change) => {
    expect(checkPayment({ ...ready, ...change })).toEqual({ ok: true, addressId: 'a1' });
  });

  const OUTSIDE = 'We do not deliver to BS9 online: call us on 0117 496 0123';
  it.each<[string, Partial<PaymentCheckInput>, string, string]>([
    ['an empty cart is under the minimum', { lineCount: 0 }, MINIMUM_ORDER, MINIMUM_ORDER],
    [
      'a cart under £10.00 is refused, and the button says how much more to add',
      { quote: { meetsMinimum: false, minimumOrder: 10, total: 5.98 } },
      MINIMUM_ORDER,
      'Add £4.02 more to reach the £10.00 minimum order.',
    ],
    ['a cart under a minimum not told', { quote: { meetsMinimum: false } }, MINIMUM_ORDER, MINIMUM_ORDER],
    ['a cart the server has not priced yet is refused', { quote: undefined }, MINIMUM_ORDER, CHECKING_PRICES],
    [
      'a cart the server could not price says why',
      { quote: undefined, quoteError: 'This item is no longer available' },
      'This item is no longer available',
      'This item is no longer available',
    ],
    ['the minimum comes before the address', { quote: { meetsMinimum: false }, addressId: null }, MINIMUM_ORDER, MINIMUM_ORDER],
    ['a card payment without an address', { addressId: null }, ADD_ADDRESS_CARD, NO_ADDRESS_REASON],
    ['a cash order without an address', { addressId: null, payment: 'Cash' }, ADD_ADDRESS_PLACING, NO_ADDRESS_REASON],
    ['no address yet while the addresses load', { addressId: null, addressesLoading: true }, ADD_ADDRESS_CARD, LOADING_ADDRESSES],
    [
      'the address comes before the opening hours',
      { addressId: null, opening: { acceptingOrders: false, message: CLOSING } },
      ADD_ADDRESS_CARD,
      NO_ADDRESS_REASON,
    ],
    ['an address outside the delivery area, in the check’s words', { delivery: { delivers: false, message: OUTSIDE } }, OUTSIDE, OUTSIDE],
    [
      'an address outside the delivery area, without words',
      { delivery: { delivers: false, message: null } },
      NOT_DELIVERED_REASON,
      NOT_DELIVERED_REASON,
    ],
    [
      'the delivery area comes before the opening hours',
      { delivery: { delivers: false, message: OUTSIDE }, opening: { acceptingOrders: false, message: CLOSING } },
      OUTSIDE,
      OUTSIDE,
    ],
    ['a shop not taking orders says when it next does', { opening: { acceptingOrders: false, message: CLOSING } }, CLOSING, CLOSING],
  ])('%s', (_label, change, problem, reason) => {
    expect(checkPayment({ ...ready, ...change })).toEqual({ ok: false, problem, reason });
  });

  it('a collection needs no address, and the delivery area does not apply', () => {
    expect(checkPayment({ ...ready, addressId: null, collection: true, delivery: { delivers: false, message: 'x' } })).toEqual({
      ok: true,
      addressId: null,
    });
  });

  describe('a guest (no saved addresses: the details and the address are typed)', () => {
    const guest: PaymentCheckInput = { ...ready, addressId: null, guest: { contactComplete: true, addressComplete: true } };

    it('may go with complete details and address, to no saved address', () => {
      expect(checkPayment(guest)).toEqual({ ok: true, addressId: null });
    });

    it('collects with the details alone: the address is not asked for', () => {
      expect(checkPayment({ ...guest, collection: true, guest: { contactComplete: true, addressComplete: false } })).toEqual({
        ok: true,
        addressId: null,
      });
    });

    it.each<[string, Partial<PaymentCheckInput>, string, string]>([
      [
        'without a name, e-mail or phone',
        { guest: { contactComplete: false, addressComplete: true } },
        GUEST_DETAILS_PROBLEM,
        GUEST_DETAILS_REASON,
      ],
      [
        'without an address to deliver to',
        { guest: { contactComplete: true, addressComplete: false } },
        GUEST_ADDRESS_PROBLEM,
        GUEST_ADDRESS_REASON,
      ],
      [
        'the details before the address, as the page asks them',
        { guest: { contactComplete: false, addressComplete: false } },
        GUEST_DETAILS_PROBLEM,
        GUEST_DETAILS_REASON,
      ],
      [
        'a collection still needs the details',
        { collection: true, guest: { contactComplete: false, addressComplete: false } },
        GUEST_DETAILS_PROBLEM,
        GUEST_DETAILS_REASON,
      ],
      [
        'the minimum before the details',
        { quote: { meetsMinimum: false }, guest: { contactComplete: false, addressComplete: false } },
        MINIMUM_ORDER,
        MINIMUM_ORDER,
      ],
      [
        'the address before the opening hours',
        { guest: { contactComplete: true, addressComplete: false }, opening: { acceptingOrders: false, message: CLOSING } },
        GUEST_ADDRESS_PROBLEM,
        GUEST_ADDRESS_REASON,
      ],
      ['a typed address outside the delivery area', { delivery: { delivers: false, message: OUTSIDE } }, OUTSIDE, OUTSIDE],
    ])('is stopped %s', (_label, change, problem, reason) => {
      expect(checkPayment({ ...guest, ...change })).toEqual({ ok: false, problem, reason });
    });

    it('uses plain words', () => {
      expect(GUEST_DETAILS_REASON).toBe('Fill in your name, e-mail and phone above to order.');
      expect(GUEST_ADDRESS_REASON).toBe('Fill in your delivery address above to order.');
    });
  });

  it.each<[string, { minimumOrder?: number; total?: number }, string | null]>([
    ['a penny short', { minimumOrder: 10, total: 9.99 }, 'Add £0.01 more to reach the £10.00 minimum order.'],
    ['an owner’s £15 minimum', { minimumOrder: 15, total: 7.49 }, 'Add £7.51 more to reach the £15.00 minimum order.'],
    ['met', { minimumOrder: 10, total: 10 }, null],
    ['unknown', { total: 5 }, null],
  ])('minimumShortfallText: %s', (_label, quote, expected) => {
    expect(minimumShortfallText(quote)).toBe(expected);
  });

  it('uses the spec’s words', () => {
    expect([MINIMUM_ORDER, ADD_ADDRESS_CARD, ADD_ADDRESS_PLACING]).toEqual([
      'Minimum order amount is £10.00',
      'Add your address',
      'Please add your address',
    ]);
  });
});

describe('chosenAddressId', () => {
  it.each<[string, readonly string[] | undefined, string | null, string | null]>([
    ['the first saved address until the customer picks one', ['a1', 'a2'], null, 'a1'],
    ['the one picked', ['a1', 'a2'], 'a2', 'a2'],
    ['the first again once the picked one is deleted', ['a1', 'a3'], 'a2', 'a1'],
    ['none when nothing is saved', [], 'a2', null],
    ['none while the addresses load', undefined, 'a2', null],
  ])('%s', (_label, saved, picked, expected) => {
    expect(chosenAddressId(saved, picked)).toBe(expected);
  });
});

describe('quoteErrorText', () => {
  it.each<[string, unknown, string | null]>([
    ['no error, nothing to say', null, null],
    ['the server’s message', new ApiError(400, 'This item is no longer available'), 'This item is no longer available'],
    ['anything else, a general line', new Error('boom'), 'The prices could not be loaded. Try again.'],
  ])('%s', (_label, error, expected) => {
    expect(quoteErrorText(error)).toBe(expected);
  });
});
