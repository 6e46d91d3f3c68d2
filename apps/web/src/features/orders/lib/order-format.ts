import { CRUST_LABELS, WING_TYPE_LABELS } from '@shop/shared/domain/catalogue';
import type { OrderItemWire } from '@shop/shared/contract/orders';

/** 'Large 13" · Stuffed Crust · Pepperoni, Mushrooms' — the size, crust, type, toppings and deal choices of an item. */
export function itemDetails(item: OrderItemWire): string {
  return [
    item.sizeLabel,
    item.crust ? (item.crustLabel ?? CRUST_LABELS[item.crust]) : null,
    item.type ? (item.typeLabel ?? WING_TYPE_LABELS[item.type]) : null,
    item.topping || null,
    item.dealItems.length > 0 ? item.dealItems.join(', ') : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
