// What other modules use of pricing: the catalogue every price is computed from (cart quotes, order placement).
export { loadOrderCatalogue, loadPricingCatalogue } from './load-catalogue';
