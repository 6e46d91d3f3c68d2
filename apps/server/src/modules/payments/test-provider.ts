import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import { HttpError } from '../../http-errors';
import type { PaymentProvider, ProviderIntent } from './provider';

export const TEST_INTENT_PREFIX = 'pi_test_';
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

/**
 * The offline provider (the default without Stripe keys): intents live in the payments table, the
 * browser confirms them through POST /api/test-payments/confirm with one of Stripe's test cards, and
 * a success goes through the same handling as Stripe's `payment_intent.succeeded` webhook.
 */
export function createTestProvider(db: Db): PaymentProvider {
  const read = async (id: string): Promise<ProviderIntent> => {
    const row = (await db.select().from(payments).where(eq(payments.intentId, id)).limit(1))[0];
    if (!row) throw new HttpError('PAYMENT_NOT_FOUND', NO_SUCH_INTENT);
    return { id: row.intentId, clientSecret: testClientSecret(row.intentId), amount: row.amount, status: row.status, orderId: row.orderId };
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
    retrieveIntent: read,
    verifyWebhook() {
      throw new HttpError('NO_WEBHOOK_IN_TEST_MODE', 'Card payments are in test mode: there is no webhook to receive');
    },
  };
}
