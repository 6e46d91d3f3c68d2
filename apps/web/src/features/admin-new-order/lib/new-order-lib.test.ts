import { describe, expect, it } from 'vitest';
import type { CartLine } from '@shop/shared/contract/cart';
import { addToBasket, changeQuantity } from './basket';
import { EMPTY_ADDRESS, refusalSections, staffOrderBody, type OrderDraft } from './order-draft';
import { repeatLines } from './repeat';

const PIZZA = '65a1b2c3d4e5f60718293a4b';
const COKE = '65a1b2c3d4e5f60718293a4c';
const display = { title: 'Margherita', imageUrl: null, category: 'Pizza' };

describe('New order’s basket', () => {
  it('raises the quantity of the same configuration and keeps another apart', () => {
    let basket = addToBasket([], { productId: PIZZA, quantity: 1, size: 'l' }, display);
    basket = addToBasket(basket, { productId: PIZZA, quantity: 2, size: 'l' }, display);
    basket = addToBasket(basket, { productId: PIZZA, quantity: 1, size: 's' }, display);
    expect(basket.map((entry) => [entry.line.size, entry.line.quantity])).toEqual([
      ['l', 3],
      ['s', 1],
    ]);
    const key = basket[1]!.key;
    expect(changeQuantity(basket, key, -1)[1]!.line.quantity).toBe(1);
    expect(changeQuantity(basket, key, 1)[1]!.line.quantity).toBe(2);
  });
});

describe('repeating an earlier order', () => {
  const menu = [
    { _id: PIZZA, title: 'Margherita', category: 'Pizza', imageUrl: null },
    { _id: COKE, title: 'Coke', category: 'Drinks', soldOut: true },
  ];
  it.each<[string, CartLine[], string, string[], string[]]>([
    ['still sold', [{ productId: PIZZA, quantity: 2 }], '2 × Margherita', ['Margherita'], []],
    [
      'sold out now',
      [
        { productId: PIZZA, quantity: 1 },
        { productId: COKE, quantity: 1 },
      ],
      'Margherita, Coke',
      ['Margherita'],
      ['Coke (sold out)'],
    ],
    [
      'gone from the menu',
      [
        { productId: PIZZA, quantity: 1 },
        { productId: '65a1b2c3d4e5f60718293a99', quantity: 3 },
      ],
      'Margherita, 3 × Garlic Bread',
      ['Margherita'],
      ['Garlic Bread (no longer on the menu)'],
    ],
  ])('a line %s', (_, lines, summary, added, missing) => {
    const repeated = repeatLines({ lines, summary }, menu);
    expect(repeated.lines.map((line) => line.display.title)).toEqual(added);
    expect(repeated.missing).toEqual(missing);
  });
});

const draft: OrderDraft = {
  channel: 'phone',
  name: ' Ada Lovelace ',
  phone: '07700 900123',
  email: '',
  accountId: null,
  fulfilment: 'delivery',
  addressId: null,
  address: { ...EMPTY_ADDRESS, address: '12 Quay St', city: 'Bristol', postcode: 'BS1 4DJ' },
  scheduledFor: null,
  payment: 'cash',
  tender: 'card',
  sendLinkBy: 'sms',
  note: '',
  allergyNote: '',
  promoCode: '',
};
const items: CartLine[] = [{ productId: PIZZA, quantity: 1 }];

describe('the order’s body', () => {
  it('sends a typed address, no e-mail when none was given, and no tender but at the counter', () => {
    expect(staffOrderBody(draft, items)).toEqual({
      channel: 'phone',
      customer: { name: 'Ada Lovelace', phone: '07700 900123' },
      address: { address: '12 Quay St', address2: '', city: 'Bristol', postcode: 'BS1 4DJ' },
      fulfilment: 'delivery',
      items,
      payment: 'cash',
      note: '',
      allergyNote: '',
    });
  });

  it.each<[string, Partial<OrderDraft>, Record<string, unknown>]>([
    ['a saved address', { accountId: 'a'.repeat(24), addressId: 'b'.repeat(24) }, { accountId: 'a'.repeat(24), addressId: 'b'.repeat(24) }],
    ['paid at the counter', { payment: 'paid-at-counter', tender: 'card' }, { payment: 'paid-at-counter', tender: 'card' }],
    ['a payment link', { payment: 'payment-link', email: 'ada@example.com', sendLinkBy: 'email' }, { sendLinkBy: 'email' }],
    ['a slot', { scheduledFor: '2026-11-18T19:30:00.000Z' }, { scheduledFor: '2026-11-18T19:30:00.000Z' }],
  ])('with %s', (_, patch, expected) => {
    expect(staffOrderBody({ ...draft, ...patch }, items)).toMatchObject(expected);
  });

  it('a collection sends no address', () => {
    const body = staffOrderBody({ ...draft, fulfilment: 'collection' }, items);
    expect(body).not.toHaveProperty('address');
    expect(body).not.toHaveProperty('addressId');
  });
});

describe('a refusal, beside what it is about', () => {
  it.each<[string | undefined, string, Record<string, string>]>([
    [
      'VALIDATION_FAILED',
      'customer.phone: Please enter a phone number such as 07700 900123; address.postcode: Enter a post code',
      { phone: 'Please enter a phone number such as 07700 900123', address: 'Enter a post code' },
    ],
    [
      'VALIDATION_FAILED',
      'customer.email: A payment link by e-mail needs the customer’s e-mail',
      { email: 'A payment link by e-mail needs the customer’s e-mail' },
    ],
    ['SHOP_CLOSED', 'The shop is closed', { when: 'The shop is closed' }],
    ['SLOT_NOT_AVAILABLE', 'That time is full', { when: 'That time is full' }],
    ['OUTSIDE_DELIVERY_AREA', 'We do not deliver to BS99', { address: 'We do not deliver to BS99' }],
    ['MINIMUM_ORDER', 'Minimum order amount is £10.00', { basket: 'Minimum order amount is £10.00' }],
    ['DEAL_INCOMPLETE', 'The deal is not complete', { basket: 'The deal is not complete' }],
    [undefined, 'The shop could not be reached.', { order: 'The shop could not be reached.' }],
  ])('%s: %s', (code, message, sections) => {
    expect(refusalSections(code, message)).toEqual(sections);
  });
});
