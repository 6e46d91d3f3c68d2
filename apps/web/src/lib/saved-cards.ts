import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedCard, SavedCardsAnswer } from '@shop/shared/contract/payment-methods';
import { api } from './api';

/**
 * A signed-in customer's saved cards (`GET /api/payment-methods`): checkout offers them, the profile removes them.
 * The provider keeps the cards; the shop knows their brand, last four digits and expiry only.
 */
export const SAVED_CARDS_KEY = ['payment-methods'] as const;

export function useSavedCards(enabled: boolean) {
  return useQuery({
    queryKey: SAVED_CARDS_KEY,
    queryFn: ({ signal }) => api.get<SavedCardsAnswer>('/payment-methods', { signal }),
    enabled,
  });
}

/** `DELETE /api/payment-methods/{id}`: the list is asked again once it is gone. */
export function useRemoveSavedCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ removed: true }>(`/payment-methods/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SAVED_CARDS_KEY }),
  });
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** 'Visa ending 4242', as the customer names a card. */
export function savedCardLabel(card: Pick<SavedCard, 'brand' | 'last4'>): string {
  return `${BRANDS[card.brand] ?? 'Card'} ending ${card.last4}`;
}

/** 'Expires 12/30'. */
export function savedCardExpiry(card: Pick<SavedCard, 'expMonth' | 'expYear'>): string {
  return `Expires ${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
}
