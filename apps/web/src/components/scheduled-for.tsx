import type { CSSProperties } from 'react';
import { scheduledLine } from '@shop/shared/domain/kitchen';
import type { OrderStatus } from '@shop/shared/domain/order-status';

/**
 * 'For Sat 19:30' (scheduledLine) for an order placed ahead for a slot, while it is still to do (waiting, accepted or
 * on its way); null for an order for as soon as possible, or one delivered or canceled.
 */
export function scheduledForText(order: { scheduledFor: string | null; status: OrderStatus }): string | null {
  if (!order.scheduledFor) return null;
  if (order.status === 'Delivered Order' || order.status === 'Canceled Order') return null;
  const at = new Date(order.scheduledFor);
  return Number.isNaN(at.getTime()) ? null : scheduledLine(at);
}

/**
 * An order ahead's time, shown prominently on the back office's popup, lists, order page and ticket and on the
 * customer's pages: bold, boxed, in the text colour (AA on any background the pages use). A plain element with a
 * class of styles/ui.css, so the storefront (no MUI) and the back office (MUI) draw it alike; `className` and `style`
 * place it (a margin, a larger size).
 */
export function ScheduledFor({
  order,
  className,
  style,
}: {
  order: { scheduledFor: string | null; status: OrderStatus };
  className?: string;
  style?: CSSProperties;
}) {
  const text = scheduledForText(order);
  if (!text) return null;
  return (
    <span data-testid="scheduled-for" className={className ? `scheduled-for ${className}` : 'scheduled-for'} style={style}>
      {text}
    </span>
  );
}
