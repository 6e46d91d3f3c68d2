// The body limits fit the largest body each route really takes: built here from the contract's own maxima, checked to
// be accepted by the route's schema, and measured. The API suite (test/request-bodies.test.ts) checks that the
// server refuses anything over them before reading it.
import { describe, expect, it } from 'vitest';
import { addressInputSchema } from '@shop/shared/contract/addresses';
import {
  changePasswordBodySchema,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  profileBodySchema,
  registerBodySchema,
  USERNAME_MAX_LENGTH,
} from '@shop/shared/contract/auth';
import { cartQuoteRequestSchema, MAX_CART_LINES, MAX_DEAL_ITEMS } from '@shop/shared/contract/cart';
import { ingredientCreateSchema, MAX_NAME_LENGTH } from '@shop/shared/contract/catalogue';
import { buyProductRequestSchema, createPaymentIntentRequestSchema, MAX_NOTE_LENGTH } from '@shop/shared/contract/orders';
import { MAX_TOPPING_TEXT } from '@shop/shared/contract/spec-order-items';
import { MAX_TOPPINGS } from '@shop/shared/domain/pricing';
import type { z } from 'zod';
import { JSON_BODY_LIMIT, ORDER_BODY_LIMIT } from './body-limits';
import { jsonShapeProblem } from './json-body';

const ID = 'a'.repeat(24);
const text = (length: number) => 'x'.repeat(length);
const email = (length: number) => `${text(length - '@example.com'.length)}@example.com`;

const deal = { size: 'xl', crust: 'stuffed_crust', items: Array.from({ length: MAX_DEAL_ITEMS }, () => ({ slot: 9, productId: ID })) };
/** A cart line with every list at its longest. */
const cartLine = {
  productId: ID,
  quantity: 99,
  size: 'xl',
  crust: 'stuffed_crust',
  type: 'boneless',
  toppingIds: Array.from({ length: MAX_TOPPINGS }, () => ID),
  deal,
};
/** An order item of the spec's own shape with every text at its longest: the largest line there is. */
const specItem = {
  id: ID,
  quantity: 99,
  size: 'xl',
  crust: 'stuffed_crust',
  type: 'boneless',
  topping: text(MAX_TOPPING_TEXT),
  title: text(1000),
  description: text(1000),
  category: text(1000),
  totalQuantityPrice: '9'.repeat(32),
  toppingsPrice: '9'.repeat(32),
  deal,
};
const lines = <T>(line: T) => Array.from({ length: MAX_CART_LINES }, () => line);

/** The JSON a client sends, and its size in bytes. */
function fits(schema: z.ZodType, body: unknown, limit: number): number {
  expect(schema.safeParse(body).error).toBeUndefined();
  const json = JSON.stringify(body);
  expect(jsonShapeProblem(json)).toBeNull();
  const bytes = Buffer.byteLength(json);
  expect(bytes).toBeLessThanOrEqual(limit);
  return bytes;
}

describe('body limits fit the largest real bodies', () => {
  it('an order of 50 lines at the contract’s longest fits the order routes’ 1 MB and the JSON scan', () => {
    const order = {
      items: lines(specItem),
      email: email(EMAIL_MAX_LENGTH),
      paymentType: 'Cash',
      addressId: ID,
      note: text(MAX_NOTE_LENGTH),
    };
    expect(fits(buyProductRequestSchema, order, ORDER_BODY_LIMIT)).toBeGreaterThan(700_000);
    fits(buyProductRequestSchema, { ...order, items: lines(cartLine) }, ORDER_BODY_LIMIT);
    fits(
      createPaymentIntentRequestSchema,
      { items: lines(specItem), addressId: ID, note: text(MAX_NOTE_LENGTH), price: 9999 },
      ORDER_BODY_LIMIT,
    );
    fits(cartQuoteRequestSchema, { items: lines(cartLine) }, ORDER_BODY_LIMIT);
  });

  it('the other JSON bodies fit 64 KB many times over, even with every character escaped as \\uXXXX', () => {
    const longest = [
      fits(
        registerBodySchema,
        { username: text(USERNAME_MAX_LENGTH), email: email(EMAIL_MAX_LENGTH), password: text(PASSWORD_MAX_LENGTH) },
        JSON_BODY_LIMIT,
      ),
      fits(
        profileBodySchema,
        { username: text(USERNAME_MAX_LENGTH), email: email(EMAIL_MAX_LENGTH), password: text(PASSWORD_MAX_LENGTH) },
        JSON_BODY_LIMIT,
      ),
      fits(changePasswordBodySchema, { otp: 'ABCD', email: email(EMAIL_MAX_LENGTH), password: text(PASSWORD_MAX_LENGTH) }, JSON_BODY_LIMIT),
      fits(
        addressInputSchema,
        {
          firstname: text(100),
          lastname: text(100),
          Email: email(EMAIL_MAX_LENGTH),
          phone: '+44 (0) 7700-900-456',
          address: text(200),
          address2: text(200),
          city: text(100),
          postcode: 'SW1A 1AA',
        },
        JSON_BODY_LIMIT,
      ),
      fits(ingredientCreateSchema, { ToopingName: text(MAX_NAME_LENGTH), category: 'Pizza', toopingPrice: 1000 }, JSON_BODY_LIMIT),
    ];
    for (const bytes of longest) expect(bytes * 6).toBeLessThan(JSON_BODY_LIMIT);
  });
});
