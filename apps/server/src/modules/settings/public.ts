export {
  DEFAULT_SHOP_SETTINGS,
  readMinimumOrders,
  readOpeningHours,
  readShopIdentity,
  readShopPostcode,
  readShopSettings,
  readShopTrader,
  readStampCard,
  shopTraderOf,
} from './service';
export { onShopSettingsChanged } from './events';
