import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaperWidth, TicketKind, TicketPreview } from '@shop/shared/contract/printers';
import { api } from '../../../lib/api';

/** `GET /api/orders/:id/ticket`: the ticket as the printers get it (receiptline), drawn as SVG, and as text. */
export const ticketPreviewQuery = (orderId: string, paperWidth: PaperWidth, kind: TicketKind) =>
  queryOptions({
    queryKey: ['ticket-preview', orderId, paperWidth, kind],
    queryFn: ({ signal }) =>
      api.get<TicketPreview>(`/orders/${encodeURIComponent(orderId)}/ticket?paperWidth=${paperWidth}&kind=${kind}`, { signal }),
  });

/**
 * The preview of the ticket chosen; asked again when the order changes (its status, its expected time). The order's
 * ticket shown stays until the next one comes (never another order's), so the browser's print does not fall back to
 * the page's own ticket meanwhile.
 */
export function useTicketPreview(orderId: string, paperWidth: PaperWidth, kind: TicketKind, orderVersion: string) {
  return useQuery({
    ...ticketPreviewQuery(orderId, paperWidth, kind),
    queryKey: ['ticket-preview', orderId, paperWidth, kind, orderVersion],
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === orderId ? previous : undefined),
  });
}
