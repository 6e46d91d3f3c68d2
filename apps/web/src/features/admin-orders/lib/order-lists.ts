import { ORDER_STATUSES, type OrderStatus } from '@shop/shared/domain/order-status';
import type { PeriodKind } from '@shop/shared/domain/dates';

/**
 * Which orders an admin list shows (docs/decisions/0500-back-office-screens.md): every order, one of the
 * dashboard's periods (SPEC.md section 9), or the orders still waiting ('Pending Order', whenever placed).
 */
export type OrdersListKind = 'all' | 'pending' | 'accepted' | PeriodKind;

/** The server's page size of `GET /api/buy-product` (apps/server orders/reads.ts ORDERS_PAGE_SIZE). */
export const ORDERS_PAGE_SIZE = 50;

const PENDING: OrderStatus = ORDER_STATUSES[0];
const APPROVED: OrderStatus = ORDER_STATUSES[1];

/**
 * The query of `GET /api/buy-product` for a list and a 1-based page: '/buy-product?period=today&page=2'. The orders
 * waiting for an answer and the orders accepted ('Approved Order', not yet on their way) are the kitchen's work: by
 * when they are due (`sort=due`, decision 0901), so an order placed ahead for tomorrow comes below tonight's; the
 * other lists are newest first, as the spec's.
 */
export function ordersListPath(kind: OrdersListKind, page: number): string {
  const params = new URLSearchParams();
  if (kind === 'pending' || kind === 'accepted') {
    params.set('status', kind === 'pending' ? PENDING : APPROVED);
    params.set('sort', 'due');
  } else if (kind !== 'all') params.set('period', kind);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query === '' ? '/buy-product' : `/buy-product?${query}`;
}

/** A page number from the address bar's `?page=`: a whole number from 1, anything else is page 1. */
export function pageFromSearch(value: string | null): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/** The X-Total-Count header as a count; a missing or malformed header counts what the page holds. */
export function totalFromHeader(header: string | null, onPage: number, page: number): number {
  if (header !== null && /^\d+$/.test(header)) return Number(header);
  return (page - 1) * ORDERS_PAGE_SIZE + onPage;
}
