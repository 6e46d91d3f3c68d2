import { describe, expect, it } from 'vitest';
import { quoteCart } from '../domain/pricing';
import { chips, margherita, testCatalogue } from '../domain/test-catalogue';
import { cartLineSchema, cartQuoteAnswerSchema, cartQuoteRequestSchema, toCartQuoteAnswer } from './cart';

const id = 'a'.repeat(24);

describe('cartLineSchema', () => {
  it.each([
    ['a bare line', { productId: id, quantity: 1 }],
    ['a configured pizza', { productId: id, quantity: 99, size: 'l', crust: 'thin_crust', type: null, toppingIds: [id] }],
    ['a deal', { productId: id, quantity: 2, deal: { size: 'l', crust: null, items: [{ slot: 0, productId: id }] } }],
  ])('accepts %s', (_label, value) => {
    expect(cartLineSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    ['a zero quantity', { productId: id, quantity: 0 }],
    ['a negative quantity', { productId: id, quantity: -1 }],
    ['a fractional quantity', { productId: id, quantity: 1.5 }],
    ['a quantity over 99', { productId: id, quantity: 100 }],
    ['a quantity as text', { productId: id, quantity: '2' }],
    ['a client price', { productId: id, quantity: 1, price: 0.01 }],
    ['an id that is not 24 hex characters', { productId: 'abc', quantity: 1 }],
    ['an upper-case id', { productId: 'A'.repeat(24), quantity: 1 }],
    ['an unknown size', { productId: id, quantity: 1, size: 'xxl' }],
    ['an unknown crust', { productId: id, quantity: 1, crust: 'cheesy' }],
    ['21 toppings', { productId: id, quantity: 1, toppingIds: Array.from({ length: 21 }, () => id) }],
    ['a fractional deal slot', { productId: id, quantity: 1, deal: { items: [{ slot: 0.5, productId: id }] } }],
    ['an unknown field in a deal', { productId: id, quantity: 1, deal: { items: [], price: 1 } }],
  ])('refuses %s', (_label, value) => {
    expect(cartLineSchema.safeParse(value).success).toBe(false);
  });

  it('a quote request is { items: [...] } and nothing else', () => {
    expect(cartQuoteRequestSchema.safeParse({ items: [{ productId: id, quantity: 1 }] }).success).toBe(true);
    expect(cartQuoteRequestSchema.safeParse({ items: [], total: 1 }).success).toBe(false);
  });
});

it("the quote answers in pounds with the spec's cart item names", () => {
  const quote = quoteCart(
    [
      { productId: margherita.id, quantity: 2, size: 'l' },
      { productId: chips.id, quantity: 1 },
    ],
    testCatalogue,
  );
  const answer = toCartQuoteAnswer(quote);
  expect(cartQuoteAnswerSchema.parse(answer)).toEqual(answer);
  expect(answer).toMatchObject({ subtotal: 30.97, total: 30.97, meetsMinimum: true, minimumOrder: 10 });
  expect(answer.items[0]).toMatchObject({
    title: 'Margherita',
    size: 'l',
    sizeLabel: 'Large 13"',
    crust: 'deep_pan',
    price: 13.99,
    totalQuantityPrice: 27.98,
    totalToopingPrice: 0,
  });
});
