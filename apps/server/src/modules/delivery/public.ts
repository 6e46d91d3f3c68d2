// What other modules use of the delivery area (decision 1001): an order's delivery fee or its refusal (orders), and
// the check of a post code the cart quote shows (cart).
export { checkDelivery, deliveryFeeIn, deliveryTermsOf, readDeliveryArea, type DeliveryArea } from './service';
