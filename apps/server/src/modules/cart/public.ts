// What other modules use of the cart: its extras (discounts and tip), which placement charges as the quote showed them.
export { checkoutExtras, type CheckoutExtras, type CheckoutExtrasInput } from './checkout-extras';
