import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartQuoteAnswerSchema, cartQuoteRequestSchema, toCartQuoteAnswer } from '@shop/shared/contract/cart';
import { CART_QUOTE_REFUSAL_STATUS } from '@shop/shared/contract/errors';
import { lowestMinimum } from '@shop/shared/domain/minimum-order';
import { poundsToPence } from '@shop/shared/domain/money';
import { PricingError } from '@shop/shared/domain/pricing';
import { can } from '@shop/shared/domain/roles';
import { errorBody } from '../../http-errors';
import { errorAnswers } from '../../http/route-schemas';
import { checkDelivery, deliveryTermsOf } from '../delivery/public';
import { checkoutExtras } from './checkout-extras';
import { loadPricingCatalogue, priceCart } from '../pricing/public';
import { readMinimumOrders } from '../settings/public';

/**
 * `POST /api/cart/quote` (an addition): what the server would charge for a cart, recomputed from the database.
 * Public, so a visitor's side cart shows confirmed prices too. A line that cannot be priced answers 400 with the
 * customer-readable reason, the pricing rule's code (the one an order would be refused with, at 422) and the index
 * of the line. A line with something sold out answers 422 ITEM_SOLD_OUT (with `lineIndex`), as an order would.
 * With a `postcode`, `delivery` says what delivering there adds, as GET /api/delivery-check does (decision 1001).
 * `deliveryFees` is the range of the zones' fees, which the cart tells before checkout (decision 1005), and
 * `deliveryArea` the zones' codes, which checkout's terms name.
 */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = {
    tags: ['cart'],
    summary: 'What the server would charge for a cart (a line it cannot price: 400 with the line’s index)',
    body: cartQuoteRequestSchema,
    response: { 200: cartQuoteAnswerSchema, ...errorAnswers },
  };
  app.post('/cart/quote', { schema }, async (request, reply) => {
    const { items, postcode, fulfilment, channel, promoCode, redeemStamps, tip } = request.body;
    const [catalogue, minimums] = await Promise.all([loadPricingCatalogue(app.db), readMinimumOrders(app.db)]);
    try {
      // Without the fulfilment the cart does not know delivery or collection: the lower of the owner's two minimums
      // (placement checks its own).
      const now = app.now();
      const quote = priceCart(items, catalogue, now, fulfilment ? minimums[fulfilment] : lowestMinimum(minimums));
      const delivery = postcode && fulfilment !== 'collection' ? await checkDelivery(app, postcode) : undefined;
      const deliveryFee = delivery?.delivers ? (poundsToPence(delivery.fee) ?? 0) : 0;
      const user = request.user ?? null;
      // The staff's New order quotes a caller's order: its channel, and no customer of the staff member's own.
      const staffChannel = channel && user && can(user.role, 'takeOrders') ? channel : null;
      const extras = await checkoutExtras(
        {
          db: app.db,
          now,
          quote,
          deliveryFee,
          fulfilment: fulfilment ?? null,
          channel: staffChannel ?? (user ? 'web' : 'guest'),
          customer: staffChannel
            ? { accountId: null, email: null, phone: null }
            : { accountId: user?.id ?? null, email: user?.email ?? null, phone: null },
          placing: false,
        },
        { promoCode, redeemStamps, tip: tip === undefined ? undefined : (poundsToPence(tip) ?? undefined) },
      );
      const answer = { ...toCartQuoteAnswer(quote, { ...extras, deliveryFee }), ...(await deliveryTermsOf(app)) };
      return delivery ? { ...answer, delivery } : answer;
    } catch (error) {
      if (!(error instanceof PricingError)) throw error;
      const body = errorBody(error.code, error.message, {}, CART_QUOTE_REFUSAL_STATUS);
      return reply.code(body.statusCode).send({ ...body, lineIndex: error.lineIndex ?? null });
    }
  });
};
