/**
 * The customer's own data (issue 22 point 5, UK GDPR; decision 1002). The export is everything the shop holds about
 * the account; the erasure deletes what is the customer's alone and anonymises what the shop must keep (the orders,
 * for its books and figures), in one transaction, then ends every session (the sockets with them).
 */
import { randomBytes } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { ACCOUNT_DELETED, ADMIN_CANNOT_DELETE, OPEN_ORDERS_BLOCK_DELETE, type AccountData } from '@shop/shared/contract/account-data';
import { WRONG_CURRENT_PASSWORD } from '@shop/shared/contract/auth';
import { storedOrderItemsSchema } from '@shop/shared/contract/stored-order-items';
import type { ServiceContext } from '../../context';
import { inTransaction } from '../../db/client';
import {
  addresses,
  emailChanges,
  favourites,
  idempotencyKeys,
  mailOutbox,
  mailQueue,
  notifications,
  orders,
  otpCodes,
  printJobs,
  products,
  sessions,
  users,
  type AddressSnapshot,
} from '../../db/schema';
import { HttpError } from '../../http-errors';
import { emitSessionsEnded, verifyPassword } from '../auth/public';
import { anonymiseOrdersOf, hasOpenOrders } from '../orders/public';
import { itemChoices } from '../order-mail/public';
import { readShopIdentity } from '../settings/public';
import { isStaffRole } from '@shop/shared/domain/roles';

const iso = (at: Date | null): string | null => (at ? at.toISOString() : null);

/** Everything the shop holds about the account, as 'Download my data' saves it. */
export async function exportAccountData(ctx: Pick<ServiceContext, 'db' | 'config' | 'now'>, userId: string): Promise<AccountData> {
  const { db } = ctx;
  const user = (await db.select().from(users).where(eq(users.id, userId)).limit(1))[0];
  if (!user) throw new HttpError('SIGN_IN_REQUIRED', 'Please sign in.');
  const [addressRows, favouriteRows, orderRows, notificationRows, shop] = await Promise.all([
    db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt)),
    db
      .select({ productId: favourites.productId, title: products.title, addedAt: favourites.createdAt })
      .from(favourites)
      .leftJoin(products, eq(products.id, favourites.productId))
      .where(eq(favourites.userId, userId))
      .orderBy(asc(favourites.createdAt)),
    db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt)),
    db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.createdAt)),
    readShopIdentity(ctx),
  ]);
  return {
    exportedAt: ctx.now().toISOString(),
    shop: shop.name,
    account: { email: user.email, username: user.username, role: user.role, createdAt: user.createdAt.toISOString() },
    addresses: addressRows.map((row) => ({
      id: row.id,
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
      phone: row.phone,
      address: row.address,
      address2: row.address2,
      city: row.city,
      postcode: row.postcode,
      createdAt: row.createdAt.toISOString(),
    })),
    favourites: favouriteRows.map((row) => ({ productId: row.productId, title: row.title ?? null, addedAt: row.addedAt.toISOString() })),
    orders: orderRows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      placedAt: iso(row.placedAt),
      status: row.status,
      fulfilment: row.fulfilment,
      items: storedOrderItemsSchema.parse(row.items).map((item) => ({
        title: item.title,
        quantity: item.quantity,
        choices: itemChoices(item),
        unitPrice: item.unitPrice,
        lineTotal: item.lineTotal,
      })),
      subtotal: row.subtotal,
      deliveryFee: row.deliveryFee,
      total: row.total,
      refundedTotal: row.refundedTotal,
      paymentType: row.paymentType,
      paymentStatus: row.paymentStatus,
      address: row.address,
      note: row.note,
      allergyNote: row.allergyNote,
      scheduledFor: iso(row.scheduledFor),
      expectedAt: iso(row.expectedAt),
      cancelReason: row.cancelReason,
    })),
    notifications: notificationRows.map((row) => ({
      title: row.title,
      description: row.description,
      orderId: row.orderId,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** An e-mail no one can sign in with or be mailed at (.invalid never resolves, RFC 2606), unique per account. */
export function erasedEmail(userId: string): string {
  return `deleted-${userId}@deleted.invalid`;
}

/** Not an argon2 hash: no password verifies against it. */
const ERASED_PASSWORD_HASH = '!erased';

/** What an anonymised order keeps of its address: nothing of the person, the e-mail the erased one. */
function erasedAddress(email: string): AddressSnapshot {
  return { firstname: '', lastname: '', email, phone: '', address: '', address2: '', city: '', postcode: '' };
}

/**
 * Deletes the account: 403 for an admin or a wrong password, 409 while one of its placed orders is not delivered or
 * canceled (the kitchen and the driver need its address). Erased: addresses, favourites, the account's own
 * notifications, one-time codes, e-mail changes, idempotency keys, sessions, queued and kept mails to it; the users
 * row stays (orders refer to it) with deleted_at, an unusable unique e-mail, no name and no password. Its orders stay
 * with every figure (totals, items, payment, status, dates) and without name, e-mail, phone, address or notes.
 * Every session ends after the commit (realtime drops their sockets). The browser's cart is the browser's to clear.
 */
export async function deleteAccount(ctx: Pick<ServiceContext, 'db' | 'now'>, userId: string, password: string): Promise<string> {
  const { db } = ctx;
  const user = (await db.select().from(users).where(eq(users.id, userId)).limit(1))[0];
  if (!user || user.deletedAt) throw new HttpError('SIGN_IN_REQUIRED', 'Please sign in.');
  if (isStaffRole(user.role)) throw new HttpError('FORBIDDEN', ADMIN_CANNOT_DELETE);
  if (!(await verifyPassword(user.passwordHash, password))) throw new HttpError('WRONG_CURRENT_PASSWORD', WRONG_CURRENT_PASSWORD);
  const now = ctx.now();
  const email = erasedEmail(userId);
  await inTransaction(db, async (tx) => {
    // The account's row first, as placing an order locks it first: an order being placed either commits before
    // (and, still open, stops the deletion) or finds the account gone; neither waits on the other in a circle.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (await hasOpenOrders(tx, userId)) throw new HttpError('ACCOUNT_HAS_OPEN_ORDERS', OPEN_ORDERS_BLOCK_DELETE);
    const orderIds = await anonymiseOrdersOf(tx, userId, { email, address: erasedAddress(email) }, now);
    if (orderIds.length > 0) await tx.delete(mailQueue).where(inArray(mailQueue.orderId, orderIds));
    // Their kitchen tickets are written with the name, phone and address: gone with them.
    if (orderIds.length > 0) await tx.delete(printJobs).where(inArray(printJobs.orderId, orderIds));
    await tx.delete(mailQueue).where(eq(mailQueue.to, user.email));
    await tx.delete(mailOutbox).where(eq(mailOutbox.to, user.email));
    await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(favourites).where(eq(favourites.userId, userId));
    // Orders keep their address snapshot; their address_id is set null by the foreign key.
    await tx.delete(addresses).where(eq(addresses.userId, userId));
    await tx.delete(otpCodes).where(eq(otpCodes.userId, userId));
    await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx
      .update(users)
      .set({
        email,
        username: '',
        passwordHash: `${ERASED_PASSWORD_HASH}-${randomBytes(8).toString('hex')}`,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
  });
  emitSessionsEnded(db, { userId });
  return ACCOUNT_DELETED;
}
