/**
 * How an order's id is shown to people (docs/SPEC.md section 9): "Order id display is the id from character 18
 * onwards", so a 24-character id shows as its last six characters. Storefront, back office, kitchen ticket and the
 * customer's notifications all use this one function.
 */
export const ORDER_ID_DISPLAY_FROM = 18;

export function displayOrderId(id: string): string {
  return id.length > ORDER_ID_DISPLAY_FROM ? id.slice(ORDER_ID_DISPLAY_FROM) : id;
}
