import type { OrderItemWire } from '@shop/shared/contract/orders';
import { CRUST_LABELS, WING_TYPE_LABELS } from '@shop/shared/domain/catalogue';

/** The choices of an item, each a short phrase: size, crust, wing type, toppings, a deal's picks. */
export function itemChoices(item: OrderItemWire): string[] {
  return [
    item.sizeLabel,
    item.crust ? (item.crustLabel ?? CRUST_LABELS[item.crust]) : null,
    item.type ? (item.typeLabel ?? WING_TYPE_LABELS[item.type]) : null,
    item.topping ? `Toppings: ${item.topping}` : null,
    item.dealItems.length > 0 ? `Deal: ${item.dealItems.join(', ')}` : null,
  ].filter((choice): choice is string => typeof choice === 'string' && choice.trim() !== '');
}
