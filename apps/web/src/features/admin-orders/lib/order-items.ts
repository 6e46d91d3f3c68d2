// The order page reads its lines as the new-order popup does: the helpers live in src/lib, shared by both.
export { itemAllergenText, itemChoices } from '../../../lib/order-items';
