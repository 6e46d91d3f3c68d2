import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditLogAnswer } from '@shop/shared/contract/audit';
import { api } from '../../../lib/api';

/** The filters the screen sends; empty ones are left out (the server's defaults: the last 7 days, everyone, everything). */
export interface AuditFilters {
  from: string;
  to: string;
  actor: string;
  action: string;
}

export const AUDIT_LOG_KEY = ['audit-log'] as const;

function queryString(filters: AuditFilters, before: string | null): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (before) params.set('before', before);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `GET /api/audit-log`, a page at a time: the next page is asked with the last one's nextBefore. */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: [...AUDIT_LOG_KEY, filters],
    queryFn: ({ pageParam, signal }) => api.get<AuditLogAnswer>(`/audit-log${queryString(filters, pageParam)}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
    // The filters' choices stay on screen while a new filter loads.
    placeholderData: keepPreviousData,
  });
}
