export {
  DEFAULT_SHOP_SETTINGS,
  readMinimumOrders,
  readOpeningHours,
  readPayPerDrop,
  readShopIdentity,
  readShopPostcode,
  readShopSettings,
  readShopTrader,
  readStampCard,
  shopTraderOf,
} from './service';
export { onShopSettingsChanged } from './events';
