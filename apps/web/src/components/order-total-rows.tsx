import type { OrderWire } from '@shop/shared/contract/orders';
import { TIP_LINE_LABEL } from '@shop/shared/domain/tips';
import { orderDeliveryFeeText } from '../lib/delivery-fee-line';
import { formatWirePounds } from '../lib/money';
import { orderTipText } from '../lib/tip-line';

/**
 * The rows after an order's lines in the customer's order table and the tracking page's: the subtotal (when a fee or
 * a discount follows it), the delivery fee, each discount, the driver's tip and the total, adding up to the penny.
 */
export function OrderTotalRows({
  order,
  totalTestId,
}: {
  order: Pick<OrderWire, 'subtotal' | 'deliveryFee' | 'fulfilment' | 'discounts' | 'tip' | 'totalPrice'>;
  totalTestId?: string;
}) {
  const deliveryFee = orderDeliveryFeeText(order);
  const tip = orderTipText(order);
  return (
    <>
      {(deliveryFee !== null || order.discounts.length > 0) && (
        <tr>
          <td colSpan={2}>Subtotal</td>
          <td className="is-numeric">{formatWirePounds(order.subtotal)}</td>
        </tr>
      )}
      {deliveryFee !== null && (
        <tr>
          <td colSpan={2}>Delivery</td>
          <td className="is-numeric">{deliveryFee}</td>
        </tr>
      )}
      {order.discounts.map((discount, index) => (
        <tr key={`${discount.label}-${index}`} data-testid="discount-line">
          <td colSpan={2}>{discount.label}</td>
          <td className="is-numeric">−{formatWirePounds(discount.amount)}</td>
        </tr>
      ))}
      {tip !== null && (
        <tr>
          <td colSpan={2}>{TIP_LINE_LABEL}</td>
          <td className="is-numeric">{tip}</td>
        </tr>
      )}
      <tr className="order-detail-total">
        <td colSpan={2}>Total Price</td>
        <td className="is-numeric" data-testid={totalTestId}>
          {formatWirePounds(order.totalPrice)}
        </td>
      </tr>
    </>
  );
}
