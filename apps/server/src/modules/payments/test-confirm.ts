import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { TestPaymentConfirm, TestPaymentConfirmAnswer } from '@shop/shared/contract/orders';
import type { PaymentMethodKind } from '@shop/shared/contract/payment-methods';
import { orderNotPlacedMessage } from '@shop/shared/domain/messages';
import type { ServiceContext } from '../../context';
import { payments, testPaymentMethods, users } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { receivePaymentEvent } from './money';
import { applyPaymentEvent } from './payment-events';
import { paymentProvider } from './provider';
import { ensurePaymentCustomer, paymentCustomerOf, SAVED_CARD_NOT_FOUND } from './saved-cards';
import { cardBrand, cardDigits, CVC_ASKING_TEST_CARD, parseExpiry, testCardOutcome } from './test-cards';
import { intentIdFromSecret, NO_SUCH_INTENT, TEST_PAYMENT_METHOD_PREFIX, testEventId } from './test-provider';

/** Stripe's statuses of an intent that a card may still be confirmed on. */
const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

export const CVC_ASKED = 'Enter the card’s security code (CVC) to pay with this saved card.';
export const SAVED_CARD_EXPIRED = 'Your card has expired.';

/** A card to keep for the customer: what Stripe keeps of it (never its number). */
interface CardToSave {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  needsCvc: boolean;
}

type WayToPay = { ok: true; method: PaymentMethodKind; saving: CardToSave | null } | { ok: false; message: string };

/**
 * What the customer paid with decides: a test card as Stripe's test mode answers it (kept when asked), the test
 * wallet (authorises, as an Apple Pay or Google Pay sheet would), or one of the payment's own customer's saved
 * cards (404 for any other; 402 CVC_REQUIRED when it asks for its CVC and none came).
 */
async function wayToPay(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'log' | 'config'>,
  userId: string | null,
  input: TestPaymentConfirm,
  now: Date,
): Promise<WayToPay> {
  if (input.wallet) return { ok: true, method: 'test_wallet', saving: null };
  if (input.paymentMethodId) {
    const customerId = userId ? await paymentCustomerOf(ctx.db, paymentProvider(ctx), userId) : null;
    const [saved] = customerId
      ? await ctx.db
          .select()
          .from(testPaymentMethods)
          .where(
            and(
              eq(testPaymentMethods.id, input.paymentMethodId),
              eq(testPaymentMethods.customerId, customerId),
              isNull(testPaymentMethods.detachedAt),
            ),
          )
          .limit(1)
      : [];
    if (!saved) throw new HttpError('PAYMENT_METHOD_NOT_FOUND', SAVED_CARD_NOT_FOUND);
    const cvc = input.cvc?.trim() ?? '';
    if (saved.needsCvc && cvc === '') throw new HttpError('CVC_REQUIRED', CVC_ASKED);
    if (cvc !== '' && !/^\d{3,4}$/.test(cvc)) return { ok: false, message: "Your card's security code is incomplete." };
    if (saved.expYear * 12 + (saved.expMonth - 1) < now.getUTCFullYear() * 12 + now.getUTCMonth())
      return { ok: false, message: SAVED_CARD_EXPIRED };
    return { ok: true, method: 'saved_card', saving: null };
  }
  const cardNumber = input.cardNumber ?? '';
  const outcome = testCardOutcome(cardNumber, input.exp ?? '', input.cvc ?? '', now);
  if (!outcome.ok) return { ok: false, message: outcome.message };
  const digits = cardDigits(cardNumber);
  const expiry = parseExpiry(input.exp ?? '');
  const saving =
    input.saveCard && userId && expiry
      ? {
          brand: cardBrand(digits),
          last4: digits.slice(-4),
          expMonth: expiry.month,
          expYear: expiry.year,
          needsCvc: digits === CVC_ASKING_TEST_CARD,
        }
      : null;
  return { ok: true, method: 'card', saving };
}

/** Keeps a test card for the account, under its customer at the test provider (made the first time). */
async function saveTestCard(ctx: Pick<ServiceContext, 'db' | 'now' | 'log' | 'config'>, userId: string, card: CardToSave, now: Date) {
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return;
  const customerId = await ensurePaymentCustomer(ctx, paymentProvider(ctx), { id: userId, email: user.email });
  await ctx.db.insert(testPaymentMethods).values({
    id: `${TEST_PAYMENT_METHOD_PREFIX}${randomBytes(12).toString('hex')}`,
    customerId,
    ...card,
    createdAt: now,
  });
}

/**
 * The test provider's confirm step (what Stripe.js does with Stripe): the customer's test card, the test wallet or a
 * saved card decides (wayToPay), and the outcome goes through the same handling as Stripe's webhook events, with how
 * it was paid recorded in payments.method. A good card authorises only, as Stripe does
 * for an intent with `capture_method: manual`: the intent then `requires_capture` (the money is held, the order is
 * placed) until the shop accepts the order. Only the intent's own customer may confirm an account's intent; anyone
 * else, like a forged secret, gets 404. A declined card answers 402 with Stripe's message.
 */
export async function confirmTestPayment(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'log' | 'config'>,
  userId: string | null,
  input: TestPaymentConfirm,
): Promise<TestPaymentConfirmAnswer> {
  const { db } = ctx;
  const now = ctx.now();
  const intentId = intentIdFromSecret(input.clientSecret);
  if (!intentId) throw new HttpError('PAYMENT_NOT_FOUND', NO_SUCH_INTENT);
  const payment = (await db.select().from(payments).where(eq(payments.intentId, intentId)).limit(1))[0];
  // An account's payment is its own; one without an account (a guest's, a payment link's) is confirmed by whoever
  // holds its client secret, as Stripe's are.
  if (!payment || (payment.userId !== null && payment.userId !== userId) || !payment.orderId)
    throw new HttpError('PAYMENT_NOT_FOUND', NO_SUCH_INTENT);
  // Confirmed already (held, or taken since): the same answer again.
  if (payment.status === 'requires_capture' || payment.status === 'succeeded') return { status: payment.status, orderId: payment.orderId };
  if (!CONFIRMABLE.includes(payment.status)) throw new HttpError('CARD_DECLINED', 'This payment can no longer be completed.');

  const intent = { id: payment.intentId, amount: payment.amount, orderId: payment.orderId };
  const decline = async (message: string): Promise<never> => {
    const failed = { ...intent, status: 'requires_payment_method', failureMessage: message };
    await applyPaymentEvent(ctx, { id: testEventId(), type: 'payment_intent.payment_failed', intent: failed });
    throw new HttpError('CARD_DECLINED', message);
  };
  const way = await wayToPay(ctx, payment.userId, input, now);
  if (!way.ok) return decline(way.message);
  const { method, saving } = way;
  // The provider's state first (held, and how it was paid), then its event, as Stripe would send it.
  await db
    .update(payments)
    .set({ status: 'requires_capture', method, updatedAt: now })
    .where(and(eq(payments.intentId, intentId), inArray(payments.status, CONFIRMABLE)));
  // A card paid with and asked to be kept is kept (as Stripe attaches it once the intent is confirmed).
  if (saving && payment.userId) await saveTestCard(ctx, payment.userId, saving, now);
  const { refused } = await receivePaymentEvent(ctx, {
    id: testEventId(),
    type: 'payment_intent.amount_capturable_updated',
    intent: { ...intent, status: 'requires_capture', failureMessage: null },
  });
  if (refused) throw new HttpError('ORDER_NOT_PLACED', orderNotPlacedMessage(refused.reason));
  return { status: 'requires_capture', orderId: payment.orderId };
}
