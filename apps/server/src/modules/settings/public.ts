export { DEFAULT_SHOP_SETTINGS, readShopIdentity, readShopPostcode, readShopSettings, readShopTrader } from './service';
export { onShopSettingsChanged } from './events';
