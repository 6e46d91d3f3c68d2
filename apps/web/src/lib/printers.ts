import { useEffect, useRef } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PRINT_JOB_LATE,
  PRINT_JOB_LATE_SECONDS,
  PRINTERS_CHANGED,
  printJobLateEventSchema,
  type PrintersAnswer,
  type PrintJobLateEvent,
  type PrintJobsAnswer,
  type PrintJobWire,
  type PrinterWire,
  type PrintRequest,
} from '@shop/shared/contract/printers';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { useCan } from './use-session';
import { api } from './api';
import { useRealtimeSocket } from './realtime';
import { newIdempotencyKey } from './idempotency-key';

/**
 * The back office's printers and print jobs (decision 1201), read by the Printers screen, the order pages
 * (Reprint, the order's jobs) and the late job banner on every admin page. The routes and events are
 * contract/printers.ts's.
 */
export const PRINTERS_KEY = ['printers'] as const;
export const PRINT_JOBS_KEY = ['print-jobs'] as const;

export const printersQuery = queryOptions({
  queryKey: PRINTERS_KEY,
  queryFn: ({ signal }) => api.get<PrintersAnswer>('/printers', { signal }),
});

/**
 * `GET /api/printers`; `refetchInterval` for a screen that must notice a job growing late without an event. Asked only
 * by the roles the server lets read the printers (`settings`).
 */
export function usePrinters({ refetchInterval }: { refetchInterval?: number } = {}) {
  return useQuery({ ...printersQuery, refetchInterval, enabled: useCan('settings') });
}

export const orderPrintJobsQuery = (orderId: string) =>
  queryOptions({
    queryKey: [...PRINT_JOBS_KEY, orderId],
    queryFn: ({ signal }) => api.get<PrintJobsAnswer>(`/orders/${encodeURIComponent(orderId)}/print-jobs`, { signal }),
  });

/** `GET /api/orders/:id/print-jobs`: the order's jobs, newest first. */
export function useOrderPrintJobs(orderId: string) {
  return useQuery(orderPrintJobsQuery(orderId));
}

/** A fresh Idempotency-Key (decision 0401): one per click, so a retry of that click never prints twice. */
export const newPrintKey = newIdempotencyKey;

/** What a Reprint answers, in words: 'Sent to 2 printers' (the printers, not the jobs: one per ticket kind). */
export function sentToText(jobs: readonly PrintJobWire[]): string {
  const printers = new Set(jobs.map((job) => job.printerId)).size;
  return `Sent to ${printers} ${printers === 1 ? 'printer' : 'printers'}`;
}

/**
 * `POST /api/orders/:id/print`: each call of `mutate` is one click and carries its own Idempotency-Key, which the
 * request keeps if the API client is asked again; the caller turns the button off while one is in flight, so a double
 * click is one request.
 */
export function useReprint(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body = {}, key }: { body?: PrintRequest; key: string }) =>
      api.post<PrintJobsAnswer>(`/orders/${encodeURIComponent(orderId)}/print`, body, { headers: { 'Idempotency-Key': key } }),
    onSettled: () => client.invalidateQueries({ queryKey: [...PRINT_JOBS_KEY, orderId] }),
  });
}

/**
 * Listens to the printers' realtime events: `printers_changed` refetches the printers and every print job list
 * (so does a reconnect, when an event may have been missed); `print_job_late` is handed to `onLate` (and refetches
 * too). Call it once per screen that shows printers or jobs.
 */
export function usePrinterEvents(onLate?: (event: PrintJobLateEvent) => void): void {
  const socket = useRealtimeSocket();
  const client = useQueryClient();
  const latest = useRef(onLate);
  useEffect(() => {
    latest.current = onLate;
  });
  useEffect(() => {
    if (!socket) return undefined;
    const refetch = () => {
      void client.invalidateQueries({ queryKey: PRINTERS_KEY });
      void client.invalidateQueries({ queryKey: PRINT_JOBS_KEY });
    };
    let seen = socket.connected;
    const connected = () => {
      if (seen) refetch();
      seen = true;
    };
    const late = (payload: unknown) => {
      const parsed = printJobLateEventSchema.safeParse(payload);
      if (parsed.success) latest.current?.(parsed.data);
      refetch();
    };
    socket.on(PRINTERS_CHANGED, refetch);
    socket.on(PRINT_JOB_LATE, late);
    socket.on('connect', connected);
    return () => {
      socket.off(PRINTERS_CHANGED, refetch);
      socket.off(PRINT_JOB_LATE, late);
      socket.off('connect', connected);
    };
  }, [socket, client]);
}

/** A `print_job_late` as the page keeps it: when it arrived, by this browser's clock. */
export interface LateEventSeen {
  event: PrintJobLateEvent;
  receivedAt: number;
}

/** One printer's warning: its name, since when it has a job waiting, and the order (when known; null for a test page). */
export interface LateWarning {
  printerId: string;
  printerName: string;
  waitingSince: string;
  orderId: string | null;
}

const LATE_MS = PRINT_JOB_LATE_SECONDS * 1000;

function isLate(printer: PrinterWire, now: Date): boolean {
  const since = printer.status.oldestWaitingAt;
  return since !== null && now.getTime() - Date.parse(since) > LATE_MS;
}

/**
 * The printers to warn about: each printer `GET /api/printers` shows with a job waiting over a minute
 * (`status.oldestWaitingAt`), and each printer a `print_job_late` named that the printers have not been fetched
 * since (the event is newer than the list); once a list fetched after the event shows the printer with no late job,
 * its warning goes. The order comes from the printer's latest event, if any.
 */
export function lateWarnings(
  printers: readonly PrinterWire[] | undefined,
  fetchedAt: number,
  events: readonly LateEventSeen[],
  now: Date,
): LateWarning[] {
  const warnings = new Map<string, LateWarning>();
  const latestEvent = new Map<string, LateEventSeen>();
  for (const seen of events) {
    const known = latestEvent.get(seen.event.printer_id);
    if (!known || known.receivedAt <= seen.receivedAt) latestEvent.set(seen.event.printer_id, seen);
  }
  for (const printer of printers ?? []) {
    if (!isLate(printer, now)) continue;
    const event = latestEvent.get(printer.id)?.event;
    warnings.set(printer.id, {
      printerId: printer.id,
      printerName: printer.name,
      waitingSince: printer.status.oldestWaitingAt ?? '',
      orderId: event ? event.order_id : null,
    });
  }
  for (const { event, receivedAt } of latestEvent.values()) {
    const listed = printers !== undefined && fetchedAt > receivedAt;
    if (warnings.has(event.printer_id) || listed) continue;
    warnings.set(event.printer_id, {
      printerId: event.printer_id,
      printerName: event.printer_name,
      waitingSince: event.waiting_since,
      orderId: event.order_id,
    });
  }
  return [...warnings.values()];
}

/**
 * 'Printer Kitchen has not printed order 42275b for 2 min: check it is on and has paper' (whole minutes, at least
 * one; 'a ticket' when the order is not known, as for a test page).
 */
export function lateWarningText(warning: LateWarning, now: Date): string {
  const minutes = Math.max(1, Math.floor((now.getTime() - Date.parse(warning.waitingSince)) / 60_000));
  const what = warning.orderId ? `order ${displayOrderId(warning.orderId)}` : 'a ticket';
  return `Printer ${warning.printerName} has not printed ${what} for ${minutes} min: check it is on and has paper`;
}
