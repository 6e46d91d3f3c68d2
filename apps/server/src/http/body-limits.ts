import type { FastifyInstance } from 'fastify';
import { IMAGE_JSON_BODY_LIMIT } from '../images/image-form';

// How large a request body each route reads (issue 19 point 1, docs/security.md). Fastify refuses a body over its
// route's limit with 413 from its Content-Length, before reading a byte of it, or as soon as a chunked body passes
// it, so a client cannot make the server read, hold and parse megabytes a route never needs.

/**
 * Every route's limit unless it says otherwise: far above the largest body of an account, address, favourite, topping,
 * status change or test payment (a few hundred bytes; an address is under 6 KB even with every character escaped).
 */
export const JSON_BODY_LIMIT = 64 * 1024;

/**
 * The routes that carry a cart (the quote, a cash order, a card order): 50 lines (MAX_CART_LINES), each at most
 * ~15.3 KB when every field the contract allows is at its longest (a deal of 200 items, 20 toppings, the spec item's
 * 1000-character texts): 767 KB in all, which body-limits.test.ts builds from the contract and checks.
 */
export const ORDER_BODY_LIMIT = 1024 * 1024;

/** Stripe's signed events (a PaymentIntent with its metadata) are a few KB; room for Stripe to grow them. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * The routes whose bodies may be larger than JSON_BODY_LIMIT and do not say so themselves. The routes that take a
 * product image (products, banners, announcements) declare IMAGE_JSON_BODY_LIMIT where they are defined; a route's
 * own `bodyLimit` always wins over this table.
 */
export const ROUTE_BODY_LIMITS: Readonly<Record<string, number>> = {
  'POST /api/cart/quote': ORDER_BODY_LIMIT,
  'POST /api/buy-product': ORDER_BODY_LIMIT,
  'POST /api/create-payment-intent': ORDER_BODY_LIMIT,
  // A category's picture is 200 KB at most, but may come base64-encoded in JSON like a product's: the same room, so
  // a picture over its limit is answered with the spec's message rather than a bare "body too large".
  'POST /api/allcategori': IMAGE_JSON_BODY_LIMIT,
  'PUT /api/allcategori/:id': IMAGE_JSON_BODY_LIMIT,
  'POST /api/stripe/webhook': WEBHOOK_BODY_LIMIT,
};

/**
 * Gives each route its limit from ROUTE_BODY_LIMITS as it is added (the app's own default is JSON_BODY_LIMIT). Call
 * before any route is registered.
 */
export function applyRouteBodyLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit !== undefined) return;
    const methods = [route.method].flat();
    const limits = methods.map((method) => ROUTE_BODY_LIMITS[`${method} ${route.url}`]).filter((limit) => limit !== undefined);
    if (limits.length > 0) route.bodyLimit = Math.max(...limits);
  });
}
