/**
 * New order's caller lookup: who a phone number belongs to, however it was typed (it arrives canonical, E.164):
 * the accounts whose saved addresses or orders carry it, and a caller known only by orders taken without an
 * account. Each with their addresses and last orders, to repeat one.
 */
import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { CartLine } from '@shop/shared/contract/cart';
import type { CallerOrder, StaffCustomer } from '@shop/shared/contract/staff-orders';
import { storedOrderItemsSchema } from '@shop/shared/contract/stored-order-items';
import { penceToPounds } from '@shop/shared/domain/money';
import type { Db } from '../../db/client';
import { addresses, orders, users } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { ADDRESS_NOT_FOUND, toAddressWire } from '../addresses/public';

/** How many of a caller's orders New order lists. */
const LAST_ORDERS = 5;

type OrderRow = typeof orders.$inferSelect;

function toCallerOrder(row: OrderRow): CallerOrder {
  const items = storedOrderItemsSchema.parse(row.items);
  const { email, ...address } = row.address;
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    date: row.date,
    time: row.time,
    status: row.status,
    fulfilment: row.fulfilment,
    totalPrice: penceToPounds(row.total),
    summary: items.map((item) => `${item.quantity > 1 ? `${item.quantity} × ` : ''}${item.title}`).join(', '),
    lines: items.map((item) => item.line as CartLine),
    addressId: row.addressId,
    address: row.fulfilment === 'collection' ? null : { ...address, Email: email },
  };
}

export async function findCallers(db: Db, phone: string): Promise<StaffCustomer[]> {
  const [byAddress, byOrder] = await Promise.all([
    db.selectDistinct({ userId: addresses.userId }).from(addresses).where(eq(addresses.phone, phone)),
    db
      .selectDistinct({ userId: orders.userId })
      .from(orders)
      .where(and(eq(orders.phone, phone), isNotNull(orders.userId))),
  ]);
  const accountIds = [...new Set([...byAddress, ...byOrder].flatMap((row) => (row.userId ? [row.userId] : [])))];
  const accounts = accountIds.length
    ? await db
        .select({ id: users.id, email: users.email, name: users.username })
        .from(users)
        .where(and(inArray(users.id, accountIds), isNull(users.deletedAt), eq(users.role, 'customer')))
    : [];
  const found: StaffCustomer[] = [];
  for (const account of accounts) {
    const [saved, recent] = await Promise.all([
      db.select().from(addresses).where(eq(addresses.userId, account.id)).orderBy(desc(addresses.createdAt)),
      db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, account.id), isNotNull(orders.placedAt)))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(LAST_ORDERS),
    ]);
    const named = saved.find((address) => address.phone === phone) ?? saved[0];
    found.push({
      userId: account.id,
      name: named ? `${named.firstname} ${named.lastname}`.trim() : account.name,
      phone,
      email: account.email,
      addresses: saved.map(toAddressWire),
      lastOrders: recent.map(toCallerOrder),
    });
  }
  // Orders without an account for this number: a guest's or an earlier caller's, as one customer.
  const unlinked = await db
    .select()
    .from(orders)
    .where(and(eq(orders.phone, phone), isNull(orders.userId), isNotNull(orders.placedAt)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(LAST_ORDERS);
  const latest = unlinked[0];
  if (latest) {
    const { firstname, lastname } = latest.address;
    found.push({
      userId: null,
      name: `${firstname} ${lastname}`.trim(),
      phone,
      email: unlinked.find((row) => row.email !== '')?.email ?? null,
      addresses: [],
      lastOrders: unlinked.map(toCallerOrder),
    });
  }
  return found;
}

/**
 * The account an order is taken for: the owner of the saved address named (which must be the account named, when
 * both are), or the account named; null for neither (a caller without an account).
 */
export async function accountForOrder(
  db: Db,
  named: { accountId?: string | undefined; addressId?: string | undefined },
): Promise<{ id: string; email: string } | null> {
  let accountId = named.accountId ?? null;
  if (named.addressId) {
    const [address] = await db.select({ userId: addresses.userId }).from(addresses).where(eq(addresses.id, named.addressId));
    if (!address || (accountId !== null && address.userId !== accountId)) throw new HttpError('ADDRESS_NOT_FOUND', ADDRESS_NOT_FOUND);
    accountId = address.userId;
  }
  if (!accountId) return null;
  const [account] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.id, accountId), isNull(users.deletedAt), eq(users.role, 'customer')));
  if (!account) throw new HttpError('CUSTOMER_NOT_FOUND', CUSTOMER_NOT_FOUND);
  return account;
}

export const CUSTOMER_NOT_FOUND = 'That customer account is not there: take the order without it';
