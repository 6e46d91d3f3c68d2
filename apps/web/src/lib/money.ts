import { formatPounds, wirePricePence, type WirePrice } from '@shop/shared/domain/money';

/**
 * An amount the server sends in pounds (order and quote totals, topping prices), written by the shop's one money
 * formatter, formatPounds ('£20.48'); '' when the wire carries no amount. Prices already in pence go to
 * formatPounds directly.
 */
export function formatWirePounds(value: WirePrice): string {
  const pence = wirePricePence(value);
  return pence === null ? '' : formatPounds(pence);
}
