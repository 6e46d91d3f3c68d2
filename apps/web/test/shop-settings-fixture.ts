import type { ShopSettingsWire } from '@shop/shared/contract/settings';

/** GET /shop-settings as a shop answers it before anything is saved (the server's defaults, decisions 0800, 0901, 1002). */
export const DEFAULT_SETTINGS: ShopSettingsWire = {
  lateAfterMinutes: 5,
  autoRejectAfterMinutes: 10,
  autoAccept: false,
  usualMinutes: 45,
  queueAllowance: 5,
  minutesPerExtraOrder: 5,
  slotCapacity: 0,
  collectionMinutes: 20,
  shopPostcode: null,
  traderName: 'Takeaway Shop',
  traderAddress: ['12 Market Street', 'London E1 6AA'],
  traderPhone: '020 7946 0321',
  traderEmail: 'hello@takeaway-shop.example',
  vatNumber: null,
  minimumOrder: { delivery: 10, collection: 10 },
  counterRefundLimit: 5,
  ticketLeadMinutes: 30,
  autoCloseDay: true,
  stampCard: null,
  payPerDrop: 0,
  mapTileUrl: null,
  mapAttribution: null,
  pushUpdates: true,
  smsUpdates: false,
};
