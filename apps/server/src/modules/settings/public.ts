export { readShopSettings } from './service';
