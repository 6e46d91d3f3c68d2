/**
 * A card order's money after it is placed (decision 0800): capture on accept, release or refund on cancel, partial
 * refunds, and the sweep that finishes what a provider outage or a stopped process left undone. The payments module
 * owns `orders.payment_status` and `orders.refunded_total`; the orders module calls these around its status changes.
 *
 * STUBS: the payments engineer replaces each body; the signatures are what the orders module builds on.
 */
import type { RefundAnswer } from '@shop/shared/contract/orders';
import type { RefundWire } from '@shop/shared/contract/orders';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';

export type CaptureOutcome = { ok: true } | { ok: false; message: string };

/**
 * Takes the money held for a card order (provider idempotency key `capture-<orderId>`, so two admins at once
 * capture once). A cash order, or one already captured: ok. A capture the provider refuses (the card expired since,
 * the hold lapsed) sets the order's paymentStatus to 'failed' and answers the reason in the admin's words.
 */
export async function captureOrderPayment(
  _ctx: Pick<ServiceContext, 'db' | 'now' | 'log' | 'config'>,
  _orderId: string,
): Promise<CaptureOutcome> {
  throw new Error('captureOrderPayment: not built yet');
}

/**
 * After a cancellation commits: a held payment is released (intent canceled, key `release-<orderId>`), a captured
 * one refunded in full of what is left (key `cancel-<orderId>`, the refund's reason the cancel reason). Never
 * throws: a failure is logged and settleOutstandingMoney tries again.
 */
export async function settleCanceledOrderMoney(
  _ctx: Pick<ServiceContext, 'db' | 'now' | 'log' | 'config'>,
  _orderId: string,
): Promise<void> {
  throw new Error('settleCanceledOrderMoney: not built yet');
}

/** `POST /api/orders/{id}/refunds`: refunds part of a captured card order (pence), never more than what is left. */
export async function refundOrderPayment(
  _ctx: Pick<ServiceContext, 'db' | 'now' | 'log' | 'config'>,
  _input: { orderId: string; amount: number; reason: string; adminId: string },
): Promise<RefundAnswer> {
  throw new Error('refundOrderPayment: not built yet');
}

/** The timers' sweep: releases and refunds of canceled orders left undone, refunds never sent to the provider. */
export async function settleOutstandingMoney(_ctx: Pick<ServiceContext, 'db' | 'now' | 'log' | 'config'>): Promise<void> {
  // Nothing to settle until the payments engineer builds it.
}

/** The refunds of these orders, oldest first (admin answers carry them). */
export async function listRefunds(_db: Db, _orderIds: string[]): Promise<Map<string, RefundWire[]>> {
  return new Map();
}

/** A card order's money moved after it was placed (committed): the orders module tells the customer. */
export interface PaymentChangedEvent {
  orderId: string;
  userId: string;
  change: 'released' | 'refunded' | 'refund-failed';
  /** Pence: the refund's amount. */
  amount?: number;
}

export function onPaymentChanged(_db: Db, _listener: (event: PaymentChangedEvent) => void): () => void {
  return () => {};
}
