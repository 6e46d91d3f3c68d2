// What other modules use of the stamp card: its reward as a discount (the cart quote and placement), the stamps an
// order spends (placement's transaction), and the entries its order's life adds (orders' status changes and money),
// each on the caller's transaction.
export { recordStampsSpent, stampCardDiscount, stampOrderCanceled, stampOrderDelivered, stampOrderRefunded } from './stamp-card';
