import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { formatPounds } from '@shop/shared/domain/money';
import type { Db } from '../../db/client';
import { payments, refunds, testPaymentMethods } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { ProviderRefusal, type PaymentProvider, type ProviderEvent, type ProviderIntent, type ProviderRefund } from './provider-types';

export const TEST_INTENT_PREFIX = 'pi_test_';
export const TEST_REFUND_PREFIX = 're_test_';
export const TEST_CUSTOMER_PREFIX = 'cus_test_';
export const TEST_PAYMENT_METHOD_PREFIX = 'pm_test_';
export const NO_SUCH_INTENT = 'No such payment intent';

/**
 * The test provider's client secret is derived from the intent id: it only identifies the intent, and the
 * confirm route checks from the session that the intent belongs to the signed-in customer.
 */
export function testClientSecret(intentId: string): string {
  return `${intentId}_secret_${createHash('sha256').update(`test-intent:${intentId}`).digest('hex').slice(0, 24)}`;
}

/** The intent id named by a client secret, when the secret is the one this provider gave out. */
export function intentIdFromSecret(clientSecret: string): string | null {
  const index = clientSecret.indexOf('_secret_');
  if (index <= 0) return null;
  const id = clientSecret.slice(0, index);
  return id.startsWith(TEST_INTENT_PREFIX) && testClientSecret(id) === clientSecret ? id : null;
}

export function testEventId(): string {
  return `evt_test_${randomBytes(12).toString('hex')}`;
}

/** Stripe's statuses from which an intent may still be canceled. */
const CANCELABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture'];

/**
 * The offline provider (the default without Stripe keys), behaving as Stripe's test mode does: intents live in the
 * payments table, the browser confirms them through POST /api/test-payments/confirm with one of Stripe's test cards
 * (which authorises: the intent then `requires_capture`), and capture, cancel and refunds change that state (a
 * refund is the shop's refunds row, given a provider id when this provider makes it). Each change is reported, as
 * Stripe's webhooks report theirs, through `deliver`: the same handling as Stripe's events.
 */
export function createTestProvider(
  db: Db,
  { now, deliver }: { now: () => Date; deliver: (event: ProviderEvent) => Promise<void> },
): PaymentProvider {
  const readRow = async (id: string) => {
    const row = (await db.select().from(payments).where(eq(payments.intentId, id)).limit(1))[0];
    if (!row) throw new HttpError('PAYMENT_NOT_FOUND', NO_SUCH_INTENT);
    return row;
  };
  const toIntent = (row: typeof payments.$inferSelect): ProviderIntent => ({
    id: row.intentId,
    clientSecret: testClientSecret(row.intentId),
    amount: row.amount,
    status: row.status,
    orderId: row.orderId,
  });
  const intentEvent = (type: string, intent: ProviderIntent): ProviderEvent => ({
    id: testEventId(),
    type,
    intent: { id: intent.id, amount: intent.amount, status: intent.status, orderId: intent.orderId, failureMessage: null },
  });
  /** Moves an intent from one of `from` to `to`: the moved intent, or null when it was not in any of them. */
  const move = async (id: string, from: string[], to: string): Promise<ProviderIntent | null> => {
    const [moved] = await db
      .update(payments)
      .set({ status: to, updatedAt: now() })
      .where(and(eq(payments.intentId, id), inArray(payments.status, from)))
      .returning();
    return moved ? toIntent(moved) : null;
  };

  return {
    kind: 'test',
    publishableKey: null,
    // Like Stripe, the same idempotency key gives the same intent: its id is derived from the key, so parallel or
    // retried creates for one order (key `order-<id>`) name one intent, in every process.
    async createIntent({ amount, orderId, idempotencyKey }) {
      const id = `${TEST_INTENT_PREFIX}${createHash('sha256').update(`test-intent-key:${idempotencyKey}`).digest('hex').slice(0, 24)}`;
      return { id, clientSecret: testClientSecret(id), amount, status: 'requires_payment_method', orderId };
    },
    async retrieveIntent(id) {
      return toIntent(await readRow(id));
    },
    // A capture or cancel already done answers the intent as it is, as Stripe replays an idempotency key's answer.
    async captureIntent(id) {
      const captured = await move(id, ['requires_capture'], 'succeeded');
      if (captured) {
        await deliver(intentEvent('payment_intent.succeeded', captured));
        return captured;
      }
      const row = await readRow(id);
      if (row.status === 'succeeded') return toIntent(row);
      throw new ProviderRefusal(
        `This PaymentIntent could not be captured because it has a status of ${row.status}.`,
        'payment_intent_unexpected_state',
      );
    },
    async cancelIntent(id) {
      const canceled = await move(id, CANCELABLE, 'canceled');
      if (canceled) {
        await deliver(intentEvent('payment_intent.canceled', canceled));
        return canceled;
      }
      const row = await readRow(id);
      if (row.status === 'canceled') return toIntent(row);
      throw new ProviderRefusal(
        `You cannot cancel this PaymentIntent because it has a status of ${row.status}.`,
        'payment_intent_unexpected_state',
      );
    },
    async createRefund({ paymentIntentId, amount, idempotencyKey, metadata }) {
      const payment = await readRow(paymentIntentId);
      const row = (await db.select().from(refunds).where(eq(refunds.idempotencyKey, idempotencyKey)).limit(1))[0];
      if (!row) throw new Error(`test provider: no refund recorded with key ${idempotencyKey}`);
      const providerId = `${TEST_REFUND_PREFIX}${createHash('sha256').update(`test-refund-key:${idempotencyKey}`).digest('hex').slice(0, 24)}`;
      const made = (status: string): ProviderRefund => ({
        id: providerId,
        amount: row.amount,
        status,
        paymentIntentId,
        refundId: metadata.refundId,
        failureReason: null,
      });
      if (row.providerRefundId) return made(row.status === 'failed' ? 'failed' : 'succeeded');
      if (payment.status !== 'succeeded')
        throw new ProviderRefusal(
          `This PaymentIntent (${paymentIntentId}) does not have a successful charge to refund.`,
          'charge_not_refundable',
        );
      // What this provider refunded of the payment so far: the order's refunds it made, but for failed ones.
      const earlier = await db
        .select({ amount: refunds.amount })
        .from(refunds)
        .where(and(eq(refunds.orderId, row.orderId), isNotNull(refunds.providerRefundId), ne(refunds.status, 'failed')));
      const refunded = earlier.reduce((sum, r) => sum + r.amount, 0);
      if (refunded + amount > payment.amount) {
        throw new ProviderRefusal(
          `Refund amount (${formatPounds(amount)}) is greater than unrefunded amount on charge (${formatPounds(payment.amount - refunded)})`,
          'amount_too_large',
        );
      }
      const [acknowledged] = await db
        .update(refunds)
        .set({ providerRefundId: providerId })
        .where(and(eq(refunds.id, row.id), isNull(refunds.providerRefundId)))
        .returning({ id: refunds.id });
      const refund = made('succeeded');
      if (acknowledged) {
        await deliver({
          id: testEventId(),
          type: 'charge.refunded',
          intent: { id: paymentIntentId, amount: 0, status: '', orderId: metadata.orderId, failureMessage: null },
          charge: {
            amount: payment.amount,
            amountRefunded: refunded + amount,
            refunds: [refund],
          },
        });
      }
      return refund;
    },
    // The customer's id is derived from its key, as Stripe replays a key's answer: one customer per account.
    async createCustomer({ idempotencyKey }) {
      return `${TEST_CUSTOMER_PREFIX}${createHash('sha256').update(`test-customer-key:${idempotencyKey}`).digest('hex').slice(0, 24)}`;
    },
    async listPaymentMethods(customerId) {
      const rows = await db
        .select()
        .from(testPaymentMethods)
        .where(and(eq(testPaymentMethods.customerId, customerId), isNull(testPaymentMethods.detachedAt)))
        .orderBy(desc(testPaymentMethods.createdAt), desc(testPaymentMethods.id));
      return rows.map((row) => ({
        id: row.id,
        brand: row.brand,
        last4: row.last4,
        expMonth: row.expMonth,
        expYear: row.expYear,
        needsCvc: row.needsCvc,
      }));
    },
    async detachPaymentMethod(customerId, paymentMethodId) {
      const detached = await db
        .update(testPaymentMethods)
        .set({ detachedAt: now() })
        .where(
          and(
            eq(testPaymentMethods.id, paymentMethodId),
            eq(testPaymentMethods.customerId, customerId),
            isNull(testPaymentMethods.detachedAt),
          ),
        )
        .returning({ id: testPaymentMethods.id });
      return detached.length > 0;
    },
    verifyWebhook() {
      throw new HttpError('NO_WEBHOOK_IN_TEST_MODE', 'Card payments are in test mode: there is no webhook to receive');
    },
  };
}
