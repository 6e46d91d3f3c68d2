import { and, eq } from 'drizzle-orm';
import type { SavedCard } from '@shop/shared/contract/payment-methods';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { paymentCustomers } from '../../db/schema';
import { HttpError } from '../../http-errors';
import type { PaymentProvider } from './provider-types';

export const SAVED_CARD_NOT_FOUND = 'No saved card with that id';

/** The account's customer at this provider (Stripe's `cus_...`), or null when it has none yet. */
export async function paymentCustomerOf(db: Db, provider: PaymentProvider, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: paymentCustomers.providerCustomerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider.kind)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The account's customer at this provider, created the first time it saves a card. The provider's idempotency key
 * is the account's, so parallel first saves make one customer there, and the row's key keeps one here.
 */
export async function ensurePaymentCustomer(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'log'>,
  provider: PaymentProvider,
  user: { id: string; email: string },
): Promise<string> {
  const known = await paymentCustomerOf(ctx.db, provider, user.id);
  if (known) return known;
  let created: string;
  try {
    created = await provider.createCustomer({ userId: user.id, email: user.email, idempotencyKey: `customer-${user.id}` });
  } catch (error) {
    ctx.log.error({ err: error, userId: user.id }, 'payment customer could not be created');
    throw new HttpError('PAYMENT_PROVIDER_ERROR', 'The card payment could not be started. Please try again.');
  }
  await ctx.db
    .insert(paymentCustomers)
    .values({ userId: user.id, provider: provider.kind, providerCustomerId: created, createdAt: ctx.now() })
    .onConflictDoNothing();
  return (await paymentCustomerOf(ctx.db, provider, user.id)) ?? created;
}

/** `GET /api/payment-methods`: the signed-in customer's saved cards (none before their first save). */
export async function listSavedCards(ctx: Pick<ServiceContext, 'db'>, provider: PaymentProvider, userId: string): Promise<SavedCard[]> {
  const customerId = await paymentCustomerOf(ctx.db, provider, userId);
  return customerId ? provider.listPaymentMethods(customerId) : [];
}

/** `DELETE /api/payment-methods/{id}`: removes one of the customer's own saved cards; 404 for any other id. */
export async function removeSavedCard(
  ctx: Pick<ServiceContext, 'db'>,
  provider: PaymentProvider,
  userId: string,
  paymentMethodId: string,
): Promise<void> {
  const customerId = await paymentCustomerOf(ctx.db, provider, userId);
  if (!customerId || !(await provider.detachPaymentMethod(customerId, paymentMethodId))) {
    throw new HttpError('PAYMENT_METHOD_NOT_FOUND', SAVED_CARD_NOT_FOUND);
  }
}
