// What other modules use of promotions: the discounts an order gets (the cart quote and placement ask the same
// function), and recording an order's use of them inside its placement's transaction.
export { promotionDiscounts, recordPromotionUses, type DiscountContext, type PromotionDiscounts } from './discounts';
