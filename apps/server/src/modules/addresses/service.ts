import { and, asc, count, eq } from 'drizzle-orm';
import { ADDRESS_LIMIT_REACHED, mayAddAddress } from '@shop/shared/domain/customer-limits';
import type { Address, AddressWire } from '@shop/shared/contract/addresses';
import { addressUpdateSchema, type AddressUpdate } from '@shop/shared/contract/addresses';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { addresses, users } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { isOwnerOrAdmin, type SessionUser } from '../auth/public';

type AddressRow = typeof addresses.$inferSelect;

export const ADDRESS_NOT_FOUND = 'Address not found';

export function toAddressWire(row: AddressRow): AddressWire {
  return {
    _id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    Email: row.email,
    phone: row.phone,
    address: row.address,
    address2: row.address2,
    city: row.city,
    postcode: row.postcode,
  };
}

export async function createAddress(ctx: Pick<ServiceContext, 'db' | 'now'>, user: SessionUser, input: Address): Promise<string> {
  const { db } = ctx;
  const now = ctx.now();
  // The account's row is locked while its addresses are counted, so parallel requests cannot pass the limit together.
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [saved] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, user.id));
    if (!mayAddAddress(Number(saved?.n ?? 0))) throw new HttpError('ADDRESS_LIMIT_REACHED', ADDRESS_LIMIT_REACHED);
    const [inserted] = await tx
      .insert(addresses)
      .values({ userId: user.id, ...input, email: input.Email, createdAt: now })
      .returning({ id: addresses.id });
    return inserted;
  });
  if (!row) throw new Error('address insert returned nothing');
  return row.id;
}

/**
 * The address if the user owns it (or is an admin). Someone else's address answers 404, like a missing
 * one, so ids cannot be probed.
 */
export async function findOwnAddress(db: Db, user: SessionUser, id: string): Promise<AddressRow> {
  const row = (await db.select().from(addresses).where(eq(addresses.id, id)).limit(1))[0];
  if (!row || !isOwnerOrAdmin(user, row.userId)) throw new HttpError('ADDRESS_NOT_FOUND', ADDRESS_NOT_FOUND);
  return row;
}

/** Strictly the user's own address (an order's delivery address must be the customer's, admins included). */
export async function findAddressOf(db: Db, userId: string, id: string): Promise<AddressRow | null> {
  const row = (
    await db
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .limit(1)
  )[0];
  return row ?? null;
}

export async function updateAddress(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  user: SessionUser,
  id: string,
  body: AddressUpdate,
): Promise<number> {
  const { db } = ctx;
  const now = ctx.now();
  const row = await findOwnAddress(db, user, id);
  const changes = addressUpdateSchema.parse(body);
  const { Email, ...rest } = changes;
  const values = { ...rest, ...(Email !== undefined ? { email: Email } : {}) };
  const changed = Object.entries(values).some(([key, value]) => row[key as keyof AddressRow] !== value);
  if (!changed) return 0;
  await db
    .update(addresses)
    .set({ ...values, updatedAt: now })
    .where(eq(addresses.id, row.id));
  return 1;
}

export async function deleteAddress(db: Db, user: SessionUser, id: string): Promise<number> {
  const row = await findOwnAddress(db, user, id);
  // Orders keep a snapshot of their address; the foreign key only loses its link (on delete set null).
  const deleted = await db.delete(addresses).where(eq(addresses.id, row.id)).returning({ id: addresses.id });
  return deleted.length;
}

/** The addresses of the user with this e-mail (the caller has checked it is themself or an admin), oldest first. */
export async function listAddressesByEmail(db: Db, email: string): Promise<AddressWire[]> {
  const rows = await db
    .select({ address: addresses })
    .from(addresses)
    .innerJoin(users, eq(users.id, addresses.userId))
    .where(eq(users.email, email.trim().toLowerCase()))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
  return rows.map((r) => toAddressWire(r.address));
}
