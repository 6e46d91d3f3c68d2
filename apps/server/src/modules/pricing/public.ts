// What other modules use of pricing: the catalogue every price is computed from (cart quotes, order placement), and
// the refusal of a cart with something sold out in it (the quote and both order routes).
export {
  loadOrderCatalogue,
  loadPricingCatalogue,
  priceCart,
  refuseSoldOut,
  type MenuPricingCatalogue,
  type OrderCatalogue,
} from './load-catalogue';
