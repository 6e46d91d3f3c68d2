export { DEFAULT_SHOP_SETTINGS, readShopSettings } from './service';
export { onShopSettingsChanged } from './events';
