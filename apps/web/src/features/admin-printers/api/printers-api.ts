import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrintJobsAnswer, PrinterCreate, PrinterUpdate, PrinterWire } from '@shop/shared/contract/printers';
import { api } from '../../../lib/api';
import { PRINTERS_KEY } from '../../../lib/printers';

/** The Printers screen's writes (contract/printers.ts): each refetches the list when it settles. */
function useRefetchPrinters() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: PRINTERS_KEY });
}

const printerPath = (id: string) => `/printers/${encodeURIComponent(id)}`;

export function useAddPrinter() {
  const refetch = useRefetchPrinters();
  return useMutation({
    mutationFn: (body: PrinterCreate) => api.post<PrinterWire>('/printers', body),
    onSettled: refetch,
  });
}

export function useEditPrinter() {
  const refetch = useRefetchPrinters();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PrinterUpdate }) => api.put<PrinterWire>(printerPath(id), body),
    onSettled: refetch,
  });
}

export function useDeletePrinter() {
  const refetch = useRefetchPrinters();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ deletedCount: number }>(printerPath(id)),
    onSettled: refetch,
  });
}

export function usePrintTestPage() {
  const refetch = useRefetchPrinters();
  return useMutation({
    mutationFn: (id: string) => api.post<PrintJobsAnswer>(`${printerPath(id)}/test`),
    onSettled: refetch,
  });
}
