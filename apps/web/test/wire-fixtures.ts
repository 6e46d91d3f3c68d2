// Answers of the shop's API for component tests, in the contract's shapes (packages/shared/src/contract), and the
// cart quote priced by the same shared rules the server charges with.
import type { Role } from '@shop/shared/domain/roles';
import type { AddressWire } from '@shop/shared/contract/addresses';
import { toCartQuoteAnswer, type CartLine } from '@shop/shared/contract/cart';
import type { CategoryWire, IngredientWire, ProductWire } from '@shop/shared/contract/catalogue';
import type { OrderItemWire, OrderWire } from '@shop/shared/contract/orders';
import { PricingError, quoteCart } from '@shop/shared/domain/pricing';
import { buildPricingCatalogue } from '@shop/shared/domain/wire-pricing';
import { vi } from 'vitest';
import { ok, type FakeAnswer, type FakeHandler } from './fake-api';

let nextId = 0;
/** A fresh id of 24 lowercase hex characters, as the API's ids are. */
export function wireId(): string {
  nextId += 1;
  return `65f0${nextId.toString(16).padStart(20, '0')}`;
}

export function categoryWire(categoriName: string, order = 1): CategoryWire {
  return { _id: wireId(), categoriName, order, imageUrl: null };
}

/** A product as GET /allproduts lists it: one regular price unless told, no crust or type prices. */
export function productWire(overrides: Partial<ProductWire> & Pick<ProductWire, 'title' | 'category'>): ProductWire {
  return {
    _id: wireId(),
    description: '',
    regularDiscount: '',
    mediumDiscount: '',
    largeDiscount: '',
    extraLargeDiscount: '',
    deep_pan: null,
    thin_crust: null,
    stuffed_crust: null,
    normal: null,
    boneless: null,
    drinkKind: null,
    dealSlots: null,
    imageUrl: null,
    allergens: [],
    vatRate: 'standard',
    soldOut: false,
    soldOutUntil: null,
    ...overrides,
  };
}

export function toppingWire(
  ToopingName: string,
  category: string,
  toopingPrice: number,
  overrides: Partial<IngredientWire> = {},
): IngredientWire {
  return {
    _id: wireId(),
    ToopingName,
    category,
    toopingPrice,
    imageUrl: null,
    allergens: [],
    soldOut: false,
    soldOutUntil: null,
    ...overrides,
  };
}

/** Sold out for today (back at the given instant) as the menu lists it: `{soldOut: true, soldOutUntil}`. */
export const SOLD_OUT_TODAY = { soldOut: true, soldOutUntil: '2026-11-28T12:00:00.000Z' } as const;
/** Sold out until turned back on. */
export const SOLD_OUT_HELD = { soldOut: true, soldOutUntil: null } as const;

export function addressWire(overrides: Partial<AddressWire> = {}): AddressWire {
  return {
    _id: wireId(),
    firstname: 'Ada',
    lastname: 'Lovelace',
    Email: 'ada@example.co.uk',
    phone: '07700900123',
    address: '12 High Street',
    address2: '',
    city: 'Leeds',
    postcode: 'LS1 4AP',
    ...overrides,
  };
}

/** GET /session's answer for a signed-in user. */
export function sessionAnswer(email: string, role: Role = 'customer', username = 'Ada Lovelace'): FakeAnswer {
  return ok({ user: { email, username, role } });
}

/** The server's sold-out refusal of a cart (modules/pricing refuseSoldOut): the first line with something sold out. */
function soldOutRefusal(items: readonly CartLine[], products: readonly ProductWire[], toppings: readonly IngredientWire[]) {
  const soldOut = new Map<string, { name: string; until: string | null }>([
    ...products
      .filter((p) => p.soldOut)
      .map((p): [string, { name: string; until: string | null }] => [p._id, { name: p.title, until: p.soldOutUntil }]),
    ...toppings
      .filter((t) => t.soldOut)
      .map((t): [string, { name: string; until: string | null }] => [t._id, { name: t.ToopingName, until: t.soldOutUntil }]),
  ]);
  for (const [lineIndex, line] of items.entries()) {
    const ids = [line.productId, ...(line.toppingIds ?? []), ...(line.deal?.items ?? []).map((item) => item.productId)];
    const found = ids.map((id) => soldOut.get(id)).find((item) => item !== undefined);
    if (found) {
      const message = `"${found.name}" is sold out${found.until === null ? '' : ' today'}`;
      return { status: 422, body: { statusCode: 422, error: 'Unprocessable Entity', message, code: 'ITEM_SOLD_OUT', lineIndex } };
    }
  }
  return null;
}

/**
 * POST /cart/quote as the server answers it: the lines priced from these menu answers by the shared pricing rules,
 * or a line that cannot be priced refused with 400, its pricing code and its index; a line with something sold out
 * refused with 422 ITEM_SOLD_OUT and its index.
 */
export function cartQuoteRoute(
  products: readonly ProductWire[],
  toppings: readonly IngredientWire[] = [],
  /** The delivery fee (pence) of a post code the quote is asked with, as its zone has it; none by default. */
  deliveryFeeOf: (postcode: string) => number = () => 0,
): FakeHandler {
  return (request) => {
    const { items, postcode, fulfilment } = request.body as { items: CartLine[]; postcode?: string; fulfilment?: string };
    const refused = soldOutRefusal(items, products, toppings);
    if (refused) return refused;
    try {
      const deliveryFee = postcode && fulfilment !== 'collection' ? deliveryFeeOf(postcode) : 0;
      return ok(
        toCartQuoteAnswer(quoteCart(items, buildPricingCatalogue(products, toppings)), { discounts: [], tip: 0, promo: null, deliveryFee }),
      );
    } catch (error) {
      if (!(error instanceof PricingError)) throw error;
      // The quote answers 400 (a question, not an order) with the pricing rule's code.
      return {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: error.message, code: error.code, lineIndex: error.lineIndex ?? null },
      };
    }
  };
}

export function orderItemWire(overrides: Partial<OrderItemWire> & Pick<OrderItemWire, 'title' | 'quantity' | 'price'>): OrderItemWire {
  const { title, quantity, price } = overrides;
  return {
    id: wireId(),
    category: 'Pizza',
    size: null,
    sizeLabel: null,
    crust: null,
    crustLabel: null,
    type: null,
    typeLabel: null,
    description: '',
    topping: '',
    toppingsPrice: 0,
    totalQuantityPrice: Math.round(price * quantity * 100) / 100,
    dealItems: [],
    allergens: [],
    line: { productId: wireId(), quantity },
    ...overrides,
    title,
  };
}

/** When orderWire's orders were placed (Wednesday 25 November 2026, 18:42 in London). */
export const ORDER_WIRE_PLACED_AT = '2026-11-25T18:42:00.000Z';

/**
 * Fixes the browser's clock (Date only; timers still run) a minute after orderWire's orders were placed, so how long
 * an order has waited ('late' or not) never depends on the day the test runs.
 */
export function fixClockAfterOrderWire(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(Date.parse(ORDER_WIRE_PLACED_AT) + 60_000));
}

/** An order as GET /buy-product/{id} answers it to an admin; its totals follow its items. */
export function orderWire(overrides: Partial<OrderWire> & Pick<OrderWire, 'items'>): OrderWire {
  const total = Math.round(overrides.items.reduce((sum, item) => sum + item.totalQuantityPrice * 100, 0)) / 100;
  const { _id, ...address } = addressWire();
  void _id;
  return {
    _id: wireId(),
    email: 'ada@example.co.uk',
    date: '25/11/2026',
    time: '18:42',
    paymentType: 'Cash',
    paymentStatus: 'unpaid',
    status: 'Pending Order',
    addressId: wireId(),
    address,
    note: '',
    fulfilment: 'delivery',
    allergyNote: '',
    deliveryFee: 0,
    discounts: [],
    discount: 0,
    tip: 0,
    placedAt: ORDER_WIRE_PLACED_AT,
    expectedAt: null,
    expectedTime: null,
    scheduledFor: null,
    cancelReason: null,
    refundedTotal: 0,
    subtotal: total,
    totalPrice: total,
    quantity: overrides.items.reduce((sum, item) => sum + item.quantity, 0),
    createdAt: ORDER_WIRE_PLACED_AT,
    statusHistory: [{ status: 'Pending Order', date: '25/11/2026', time: '18:42', createdAt: ORDER_WIRE_PLACED_AT, changedBy: null }],
    channel: 'web',
    ...overrides,
  };
}
