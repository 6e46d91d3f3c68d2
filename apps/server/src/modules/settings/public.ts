export {
  DEFAULT_SHOP_SETTINGS,
  readMinimumOrders,
  readOpeningHours,
  readShopIdentity,
  readShopPostcode,
  readShopSettings,
  readShopTrader,
  shopTraderOf,
} from './service';
export { onShopSettingsChanged } from './events';
