import type { DeliveryProgress } from '@shop/shared/contract/dispatch';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { OrderStatusChangeWire, OrderWire, RefundWire, ShopOrderSort } from '@shop/shared/contract/orders';
import type { TrackAnswer } from '@shop/shared/contract/staff-orders';
import { periodRange, type PeriodKind } from '@shop/shared/domain/dates';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import type { OrderStatus } from '@shop/shared/domain/order-status';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { orders, orderStatusHistory, refunds, users } from '../../db/schema';
import { HttpError } from '../../http-errors';
import { findUserIdByEmail, type SessionUser } from '../auth/public';
import { toOrderWire, toRefundWire, toStatusChangeWire, toTrackWire } from './wire';
import { can } from '@shop/shared/domain/roles';

export const ORDER_NOT_FOUND = 'Order not found';
/** `GET /api/buy-product` answers this many orders a page. */
export const ORDERS_PAGE_SIZE = 50;

/**
 * Orders the shop sees: cash orders, and card orders once the provider holds their money (placed_at is set). A card order
 * waiting for (or refused) payment is the customer's business only and never reaches an order list.
 */
export const placedOrderCondition: SQL = isNotNull(orders.placedAt);

type OrderRow = typeof orders.$inferSelect;

/** placedOrderCondition for a row already read. */
export function isPlaced(row: Pick<OrderRow, 'placedAt'>): boolean {
  return row.placedAt !== null;
}

/**
 * The status histories of these orders, oldest first, in one query whatever their number. `changedBy` (an
 * e-mail) only for an admin reader.
 */
async function statusHistories(db: Db, orderIds: string[], forAdmin: boolean): Promise<Map<string, OrderStatusChangeWire[]>> {
  const byOrder = new Map<string, OrderStatusChangeWire[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: orderStatusHistory.orderId,
      status: orderStatusHistory.status,
      changedAt: orderStatusHistory.changedAt,
      changedByEmail: users.email,
      changedBy: orderStatusHistory.changedBy,
    })
    .from(orderStatusHistory)
    .leftJoin(users, eq(users.id, orderStatusHistory.changedBy))
    .where(inArray(orderStatusHistory.orderId, orderIds))
    .orderBy(asc(orderStatusHistory.changedAt), asc(orderStatusHistory.id));
  for (const row of rows) byOrder.get(row.orderId)?.push(toStatusChangeWire(row, forAdmin));
  return byOrder;
}

/** The names of the staff who took these orders (phone and counter orders), by order id. */
async function takenByNames(db: Db, rows: OrderRow[]): Promise<Map<string, string>> {
  const staffIds = [...new Set(rows.flatMap((row) => (row.takenBy ? [row.takenBy] : [])))];
  if (staffIds.length === 0) return new Map();
  const staff = await db.select({ id: users.id, name: users.username }).from(users).where(inArray(users.id, staffIds));
  const names = new Map(staff.map((member) => [member.id, member.name]));
  return new Map(rows.flatMap((row) => (row.takenBy ? [[row.id, names.get(row.takenBy) ?? '']] : [])));
}

/**
 * The orders' wire shapes with their histories, and for staff their refunds, who took a phone or counter order and
 * when the kitchen said it was ready (a customer's answers have none of them).
 */
async function withHistories(db: Db, rows: OrderRow[], forAdmin: boolean): Promise<OrderWire[]> {
  const ids = rows.map((row) => row.id);
  const [histories, refunds, takers] = await Promise.all([
    statusHistories(db, ids, forAdmin),
    forAdmin ? listRefunds(db, ids) : null,
    forAdmin ? takenByNames(db, rows) : null,
  ]);
  return rows.map((row) =>
    toOrderWire(
      row,
      histories.get(row.id) ?? [],
      refunds && takers ? { refunds: refunds.get(row.id) ?? [], takenBy: takers.get(row.id) ?? null } : undefined,
    ),
  );
}

/**
 * Whether the order is the reader's as a customer: placed from their account, or placed without one with the
 * e-mail the account has proved it holds (listOrderHistory shows those too).
 */
function isCustomersOwn(user: SessionUser, row: Pick<OrderRow, 'userId' | 'email'>): boolean {
  if (row.userId !== null) return row.userId === user.id;
  return user.emailVerified && row.email === user.email;
}

/**
 * One order for its customer, or for an admin once the shop sees it (placedOrderCondition: a card order waiting
 * for or refused payment is its customer's alone); anyone else gets 404, as for a missing order.
 */
export async function getOrder(db: Db, user: SessionUser, id: string): Promise<OrderWire> {
  const row = (await db.select().from(orders).where(eq(orders.id, id)).limit(1))[0];
  if (!row || !(isCustomersOwn(user, row) || (can(user.role, 'board') && isPlaced(row))))
    throw new HttpError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
  const [order] = await withHistories(db, [row], can(user.role, 'board'));
  // The link is the customer's to share; staff follow the order on the board.
  return isCustomersOwn(user, row) && row.trackingToken
    ? { ...(order as OrderWire), trackingUrl: trackingPath(row.trackingToken) }
    : (order as OrderWire);
}

/**
 * A delivery's progress on its run, as the tracker shows it: the dispatch module's reader, which app.ts hands this
 * module as `app.deliveryProgress`, since that module comes after this one.
 */
export type DeliveryProgressReader = (db: Db, orderId: string) => Promise<DeliveryProgress | null>;

/** `GET /api/my-product-history/{email}`: the user's placed orders, newest first; `reader` is who asked. */
export async function listOrderHistory(db: Db, email: string, reader: SessionUser): Promise<OrderWire[]> {
  const userId = await findUserIdByEmail(db, email);
  if (!userId) return [];
  // Orders placed without an account (as a guest, or by phone) with the account's e-mail are its too, once the
  // account has proved it holds that e-mail: signing up with someone's address shows nothing of theirs.
  const [account] = await db.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  const whose =
    account?.verifiedAt && account.email
      ? or(eq(orders.userId, userId), and(isNull(orders.userId), eq(orders.email, account.email)))
      : eq(orders.userId, userId);
  const rows = await db.select().from(orders).where(and(whose, placedOrderCondition)).orderBy(desc(orders.createdAt), desc(orders.id));
  return withHistories(db, rows, can(reader.role, 'board'));
}

export interface ShopOrderQuery {
  status?: OrderStatus | undefined;
  /** Placed in this period of the shop's calendar (Europe/London), as the dashboard counts it. */
  period?: PeriodKind | undefined;
  /** 'newest' (the default) or 'due': the kitchen's work by when it is due. */
  sort?: ShopOrderSort | undefined;
  /** 1-based. */
  page: number;
}

/** The statuses of orders the kitchen still has to do something with. */
const OPEN_STATUSES: readonly OrderStatus[] = ['Pending Order', 'Approved Order', 'On the way'];
const isOpen = sql`${orders.status} in (${sql.join(
  OPEN_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)})`;

/**
 * The list's order. 'newest': placed newest first (the spec's list). 'due' (decision 0901): the orders still to do
 * (waiting, accepted, on their way) first, by when each is due (expected_at once accepted, else the slot it was
 * ordered ahead for, else when it was placed: an order for as soon as possible is due now), then by when placed;
 * then the finished ones (delivered, canceled), newest first.
 */
function shopOrderSort(sort: ShopOrderSort): SQL[] {
  const newest = [desc(orders.createdAt), desc(orders.id)];
  if (sort === 'newest') return newest;
  return [
    sql`case when ${isOpen} then 0 else 1 end`,
    sql`case when ${isOpen} then coalesce(${orders.expectedAt}, ${orders.scheduledFor}, ${orders.placedAt}) end asc`,
    sql`case when ${isOpen} then ${orders.placedAt} end asc`,
    ...newest,
  ];
}

/** The orders placed in `period` as of `now`: created_at in its half-open London range (domain/dates). */
export function placedInPeriod(period: PeriodKind, now: Date): SQL {
  const { start, end } = periodRange(period, now);
  return and(gte(orders.createdAt, start), lt(orders.createdAt, end)) as SQL;
}

/** `GET /api/buy-product` (admins): one page of the orders the shop sees, in the order asked for, and how many there are. */
export async function listShopOrders(
  ctx: Pick<ServiceContext, 'db' | 'now'>,
  query: ShopOrderQuery,
): Promise<{ orders: OrderWire[]; total: number }> {
  const { db } = ctx;
  const now = ctx.now();
  const where = and(
    placedOrderCondition,
    query.status ? eq(orders.status, query.status) : undefined,
    query.period ? placedInPeriod(query.period, now) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(...shopOrderSort(query.sort ?? 'newest'))
      .limit(ORDERS_PAGE_SIZE)
      .offset((query.page - 1) * ORDERS_PAGE_SIZE),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { orders: await withHistories(db, rows, true), total: Number(totals[0]?.n ?? 0) };
}

/**
 * Whether this user may be told that the order changed (the realtime client events): its customer may, and an
 * admin may for an order the shop sees. Answers the same for a missing order and someone else's.
 */
export async function maySeeOrder(db: Db, user: SessionUser, orderId: string): Promise<boolean> {
  const row = (
    await db
      .select({ userId: orders.userId, email: orders.email, placedAt: orders.placedAt })
      .from(orders)
      .where(eq(orders.id, orderId))
      .limit(1)
  )[0];
  if (!row) return false;
  return (can(user.role, 'board') && isPlaced(row)) || isCustomersOwn(user, row);
}

/** One entry of an order's status history. */
export interface OrderStatusChange {
  id: string;
  orderId: string;
  status: OrderStatus;
  /** How the order reaches the customer: a collection's statuses read differently (domain/status-label.ts). */
  fulfilment: Fulfilment;
  at: Date;
}

/** Every status change of the user's placed orders (a card order's history starts when it is paid), unordered. */
export async function listStatusChangesOf(db: Db, userId: string): Promise<OrderStatusChange[]> {
  return db
    .select({
      id: orderStatusHistory.id,
      orderId: orderStatusHistory.orderId,
      status: orderStatusHistory.status,
      fulfilment: orders.fulfilment,
      at: orderStatusHistory.changedAt,
    })
    .from(orderStatusHistory)
    .innerJoin(orders, eq(orders.id, orderStatusHistory.orderId))
    .where(and(eq(orders.userId, userId), placedOrderCondition));
}

/** The refunds of these orders, oldest first (admin answers carry them); the payments module writes them. */
async function listRefunds(db: Db, orderIds: string[]): Promise<Map<string, RefundWire[]>> {
  const byOrder = new Map<string, RefundWire[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.createdAt), asc(refunds.id));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(toRefundWire(row));
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/** An order's tracking page's path, as the answers and the mails give it. */
export function trackingPath(token: string): string {
  return `/track/${token}`;
}

/** The order a tracking token names, as its page shows it; 404 for an unknown token, as for a missing order. */
export async function readTrackedOrder(db: Db, token: string): Promise<TrackAnswer> {
  const row = (await db.select().from(orders).where(eq(orders.trackingToken, token)).limit(1))[0];
  if (!row) throw new HttpError('ORDER_NOT_FOUND', TRACKING_NOT_FOUND);
  const histories = await statusHistories(db, [row.id], false);
  return toTrackWire(row, histories.get(row.id) ?? []);
}

export const TRACKING_NOT_FOUND = 'No order has this tracking link';

/** The order a tracking token names (its id and customer), or null: the socket's room for the page. */
export async function findTrackedOrder(db: Db, token: string): Promise<{ orderId: string } | null> {
  const row = (await db.select({ id: orders.id }).from(orders).where(eq(orders.trackingToken, token)).limit(1))[0];
  return row ? { orderId: row.id } : null;
}
