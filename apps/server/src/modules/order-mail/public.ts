// What other modules use of order-mail: an order line's choices as the mails write them ('Large 13"', 'Toppings: ...').
export { itemChoices } from './compose';
