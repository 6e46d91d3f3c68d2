export { DEFAULT_SHOP_SETTINGS, readShopIdentity, readShopPostcode, readShopSettings, readShopTrader, shopTraderOf } from './service';
export { onShopSettingsChanged } from './events';
