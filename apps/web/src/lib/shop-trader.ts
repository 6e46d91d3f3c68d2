import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderReceipt, ShopTrader } from '@shop/shared/contract/settings';
import { api } from './api';

/**
 * Who the customer buys from (`GET /api/shop-trader`, decision 1002): the trader's name, address, phone, e-mail and
 * VAT number, as the storefront's footer, checkout and the order page show them (Consumer Contracts Regulations
 * 2013). Asked once per visit (it changes only when the owner saves the settings, whose screen asks again).
 */
export const SHOP_TRADER_KEY = ['shop-trader'] as const;

export const shopTraderQuery = queryOptions({
  queryKey: SHOP_TRADER_KEY,
  queryFn: ({ signal }) => api.get<ShopTrader>('/shop-trader', { signal }),
  staleTime: 30 * 60_000,
});

export function useShopTrader() {
  return useQuery(shopTraderQuery);
}

/** The name until the trader's settings come, and when the trader has none. */
const FALLBACK_NAME = 'Takeaway Shop';

/** The trading name the header and the browser tab show (the owner's shop settings, else the SHOP_NAME setting). */
export function useShopName(): string {
  return useShopTrader().data?.name.trim() || FALLBACK_NAME;
}

/** `GET /api/receipts/:id`: the order's receipt, the trader and the VAT included per rate (null without a VAT number). */
export function useOrderReceipt(orderId: string | undefined) {
  return useQuery({
    queryKey: ['receipt', orderId],
    queryFn: ({ signal }) => api.get<OrderReceipt>(`/receipts/${orderId}`, { signal }),
    enabled: Boolean(orderId),
    staleTime: 5 * 60_000,
  });
}
