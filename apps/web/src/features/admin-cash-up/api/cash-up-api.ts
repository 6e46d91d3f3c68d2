import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CloseShiftBody,
  DriverShiftsAnswer,
  DriverShiftWire,
  OpenShiftBody,
  TipPayoutBody,
  TipPayoutsAnswer,
  WorkerTipMonth,
} from '@shop/shared/contract/cash-up';
import { TIP_PAYOUTS_CSV_PATH } from '@shop/shared/contract/cash-up';
import { api } from '../../../lib/api';

/** `GET /api/driver-shifts?date=` (owner and managers): each driver's day (decision 1701). */
const SHIFTS_KEY = ['driver-shifts'] as const;
/** Without a date, the shop's business day now (the server's clock), which the answer names. */
export const driverShiftsQuery = (date: string | null) =>
  queryOptions({
    queryKey: [...SHIFTS_KEY, date ?? 'today'],
    queryFn: ({ signal }) =>
      api.get<DriverShiftsAnswer>(date ? `/driver-shifts?date=${encodeURIComponent(date)}` : '/driver-shifts', { signal }),
  });

export function useDriverShifts(date: string | null) {
  return useQuery(driverShiftsQuery(date));
}

export function useOpenShift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OpenShiftBody) => api.post<DriverShiftWire>('/driver-shifts', body),
    onSuccess: () => client.invalidateQueries({ queryKey: SHIFTS_KEY }),
  });
}

export function useCloseShift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CloseShiftBody }) =>
      api.post<DriverShiftWire>(`/driver-shifts/${encodeURIComponent(id)}/close`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: SHIFTS_KEY }),
  });
}

/** `GET /api/reports/tip-payouts?month=`: the month's tips per worker and their pay-out. */
const PAYOUTS_KEY = ['tip-payouts'] as const;
export const tipPayoutsQuery = (month: string) =>
  queryOptions({
    queryKey: [...PAYOUTS_KEY, month],
    queryFn: ({ signal }) => api.get<TipPayoutsAnswer>(`/reports/tip-payouts?month=${encodeURIComponent(month)}`, { signal }),
  });

export function useTipPayouts(month: string) {
  return useQuery(tipPayoutsQuery(month));
}

export function useRecordTipPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TipPayoutBody) => api.post<WorkerTipMonth>('/tip-payouts', body),
    onSuccess: () => client.invalidateQueries({ queryKey: PAYOUTS_KEY }),
  });
}

/** The month's CSV for the accountant: a link the browser downloads with the session's cookie. */
export function tipsCsvHref(month: string): string {
  return `${TIP_PAYOUTS_CSV_PATH}?month=${encodeURIComponent(month)}`;
}
