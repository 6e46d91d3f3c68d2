/**
 * The words of the mails a customer gets about an order (issue 20 point 5, decision 0800): pure functions of the
 * order as it stands, so each is a table test. Plain text: every mail client shows it, and it reads the same in
 * the development outbox and the log.
 */
import type { StoredOrderItem } from '@shop/shared/contract/stored-order-items';
import { allergenNames } from '@shop/shared/domain/allergens';
import { CRUST_LABELS, WING_TYPE_LABELS } from '@shop/shared/domain/catalogue';
import { deliveryFeeLine } from '@shop/shared/domain/delivery-fee-line';
import { shopDateTime } from '@shop/shared/domain/dates';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import { scheduledLine, slotLabel } from '@shop/shared/domain/kitchen';
import { orderNotPlacedMessage } from '@shop/shared/domain/messages';
import { formatPounds, penceToPounds } from '@shop/shared/domain/money';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { expectedTimeText } from '@shop/shared/domain/order-promise';
import type { OrderStatus } from '@shop/shared/domain/order-status';
import { paymentLine, REFUND_ARRIVES } from '@shop/shared/domain/payment-line';
import type { PaymentStatus, PaymentType } from '@shop/shared/domain/payment-types';
import { SHOP_IDENTITY, shopSignatureLines, type ShopIdentity } from '@shop/shared/domain/shop-identity';
import { tipLine } from '@shop/shared/domain/tips';
import { vatBreakdown, vatLineText } from '@shop/shared/domain/vat';
import type { OrderDiscount } from '@shop/shared/domain/order-discounts';
import { formatPhone } from '@shop/shared/domain/phone';

/** What the mails say of an order: its row, money in pence. */
export interface OrderForMail {
  id: string;
  items: StoredOrderItem[];
  subtotal: number;
  /** Pence: the delivery fee, included in total (standard-rated on a VAT receipt). */
  deliveryFee: number;
  /** Pence: the driver's tip, included in total, outside the VAT (a voluntary tip is no payment for the food). */
  tip?: number;
  /** The discount lines taken off (pence), each on its own line and off the VAT of what it applies to. */
  discounts?: OrderDiscount[];
  total: number;
  paymentType: PaymentType;
  paymentStatus: PaymentStatus;
  status: OrderStatus;
  refundedTotal: number;
  address: {
    firstname: string;
    lastname: string;
    phone: string;
    address: string;
    address2: string;
    city: string;
    postcode: string;
  };
  note: string;
  /** The order's tracking page (the shop's address and `/track/<token>`); null for an order from before them. */
  trackingUrl?: string | null;
  /** 'Any allergies we should know about?' ('' when none), told back on the receipt. */
  allergyNote: string;
  /** A collection's mails say where to collect it from instead of a delivery address (decision 1003). */
  fulfilment: Fulfilment;
  placedAt: Date | null;
  expectedAt: Date | null;
  /** The slot the customer ordered ahead for; null for as soon as possible. */
  scheduledFor: Date | null;
  cancelReason: string | null;
}

/** One refund, as its mail tells it: pence, and why. */
export interface RefundForMail {
  amount: number;
  reason: string;
}

export interface ComposedMail {
  subject: string;
  text: string;
}

/** 'Large 13"', 'Stuffed Crust', 'Toppings: Pepperoni', 'Deal: Margherita, Hawaiian': an item's choices. */
export function itemChoices(item: StoredOrderItem): string[] {
  return [
    item.sizeLabel,
    item.crust ? (item.crustLabel ?? CRUST_LABELS[item.crust]) : null,
    item.type ? (item.typeLabel ?? WING_TYPE_LABELS[item.type]) : null,
    item.toopingNames.trim() ? `Toppings: ${item.toopingNames}` : null,
    item.dealItems.length > 0 ? `Deal: ${item.dealItems.join(', ')}` : null,
  ].filter((choice): choice is string => typeof choice === 'string' && choice.trim() !== '');
}

/**
 * 'Allergens: Cereals containing gluten, Milk' under a line (issue 22 point 1: the allergen information again with
 * the food), or that it contains none of the 14; 'ask us' with the shop's phone when some part's allergens were not
 * recorded when it was ordered (decision 1004: never 'none'); nothing for a line stored before allergens existed.
 */
export function itemAllergenLine(item: Pick<StoredOrderItem, 'allergens'>, phone: string = SHOP_IDENTITY.phone): string | null {
  if (item.allergens === undefined) return null;
  if (item.allergens === null) return `Allergens: not recorded. Ask us about allergens: call ${phone}`;
  const names = allergenNames(item.allergens);
  return names.length > 0 ? `Allergens: ${names.join(', ')}` : 'Allergens: none of the 14 listed';
}

/** '2 × Margherita (£17.19 each): £34.38', its choices on the line below, then its allergens. */
export function itemLines(item: StoredOrderItem, shop: ShopIdentity = SHOP_IDENTITY): string[] {
  const each = item.quantity > 1 ? ` (${formatPounds(item.unitPrice)} each)` : '';
  const choices = itemChoices(item);
  const allergens = itemAllergenLine(item, shop.phone);
  return [
    `${item.quantity} × ${item.title}${each}: ${formatPounds(item.lineTotal)}`,
    ...(choices.length > 0 ? [`   ${choices.join(' · ')}`] : []),
    ...(allergens ? [`   ${allergens}`] : []),
  ];
}

/** Where the order goes: 'Delivery to:' and the address, or for a collection 'Collect from:' and the shop's address. */
export function destinationLines(order: Pick<OrderForMail, 'fulfilment' | 'address'>, shop: ShopIdentity): string[] {
  if (order.fulfilment === 'collection') return ['Collect from:', shop.name, ...shop.address];
  return ['Delivery to:', ...addressLines(order.address)];
}

/** The allergies the customer told the shop, told back so they can check them; nothing when none were given. */
export function allergyNoteLines(order: Pick<OrderForMail, 'allergyNote'>, shop: ShopIdentity): string[] {
  const note = order.allergyNote.trim();
  if (!note) return [];
  return [`Your allergies: ${note}`, `The kitchen has this note. If anything is unclear, call us on ${shop.phone} before eating.`];
}

/** The delivery address as it is written on an envelope. */
export function addressLines(address: OrderForMail['address']): string[] {
  const name = `${address.firstname} ${address.lastname}`.trim();
  const town = `${address.city} ${address.postcode}`.trim();
  return [name, address.address, address.address2, town, address.phone ? formatPhone(address.phone) : ''].filter(
    (line) => line.trim() !== '',
  );
}

function greeting(order: OrderForMail): string {
  const name = order.address.firstname.trim();
  return name ? `Hello ${name},` : 'Hello,';
}

function orderName(order: OrderForMail): string {
  return `order ${displayOrderId(order.id)}`;
}

/** The payment line of the screens (domain/payment-line.ts) for this order. */
function paymentWords(order: OrderForMail): string {
  return paymentLine({
    paymentType: order.paymentType,
    paymentStatus: order.paymentStatus,
    status: order.status,
    refundedTotal: penceToPounds(order.refundedTotal),
    fulfilment: order.fulfilment,
  });
}

function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** The mail's body: a greeting, the paragraphs (blank lines between), and the shop's name, address and phone. */
function body(order: OrderForMail, paragraphs: string[][], shop: ShopIdentity): string {
  const blocks = [[greeting(order)], ...paragraphs.filter((lines) => lines.length > 0), shopSignatureLines(shop)];
  return `${blocks.map((lines) => lines.join('\n')).join('\n\n')}\n`;
}

function questions(shop: ShopIdentity): string[] {
  return [`Questions about your order? Call us on ${shop.phone}.`];
}

/**
 * A VAT-registered shop's receipt (decision 1002): its VAT number and the VAT included per rate, worked out on each
 * rate's total (domain/vat.ts); nothing for a shop without a VAT number.
 */
export function vatLines(order: Pick<OrderForMail, 'items' | 'deliveryFee' | 'discounts'>, shop: ShopIdentity): string[] {
  if (!shop.vatNumber) return [];
  const rates = vatBreakdown({ lines: order.items, deliveryFee: order.deliveryFee, discounts: order.discounts ?? [] });
  return [`VAT number: ${shop.vatNumber}`, ...rates.map((line) => vatLineText(line, formatPounds))];
}

/**
 * 'Subtotal', a delivery's fee on its own line ('Delivery: £2.50', none when free or collected), each discount
 * ('PIZZA10: 10% off: -£1.72'), the tip, and 'Total'.
 */
export function totalLines(order: Pick<OrderForMail, 'subtotal' | 'deliveryFee' | 'tip' | 'total' | 'fulfilment' | 'discounts'>): string[] {
  const fee = deliveryFeeLine(order);
  const tip = tipLine(order.tip ?? 0);
  return [
    `Subtotal: ${formatPounds(order.subtotal)}`,
    ...(fee === null ? [] : [`Delivery: ${formatPounds(fee)}`]),
    ...(order.discounts ?? []).map((discount) => `${discount.label}: -${formatPounds(discount.amount)}`),
    ...(tip === null ? [] : [tip]),
    `Total: ${formatPounds(order.total)}`,
  ];
}

/** The receipt, when the shop sees the order (cash at once, card once the money is held). */
export function receiptMail(order: OrderForMail, shop: ShopIdentity = SHOP_IDENTITY): ComposedMail {
  const placed = order.placedAt ? shopDateTime(order.placedAt) : null;
  const note = order.note.trim();
  // Ordered ahead: the customer chose the time, so the shop accepts it without giving one ('For Thu 19:30').
  const ahead = order.scheduledFor;
  return {
    subject: `Your ${orderName(order)}${ahead ? ` for ${slotLabel(ahead)}` : ''} at ${shop.name}: receipt`,
    text: body(
      order,
      [
        [
          ahead
            ? `Thank you for your order. ${shop.name} will accept it shortly: we will e-mail you when it does.`
            : `Thank you for your order. ${shop.name} will accept it with a ${order.fulfilment === 'collection' ? 'collection' : 'delivery'} time shortly: we will e-mail you when it does.`,
        ],
        [
          `Order ${displayOrderId(order.id)}${placed ? `, placed on ${placed.date} at ${placed.time}` : ''}`,
          ...(ahead ? [scheduledLine(ahead)] : []),
        ],
        order.trackingUrl ? [`Follow your order: ${order.trackingUrl}`] : [],
        order.items.flatMap((item) => itemLines(item, shop)),
        totalLines(order),
        vatLines(order, shop),
        [`Payment: ${paymentWords(order)}`],
        destinationLines(order, shop),
        allergyNoteLines(order, shop),
        note ? [`Your note: ${note}`] : [],
        questions(shop),
      ],
      shop,
    ),
  };
}

/**
 * Accepted with a time: 'Expected at 19:45'. An order placed ahead is accepted for its slot ('For Thu 19:30', the
 * screens' words, with its day); accepted after its slot had passed, it is expected from now, and says both.
 */
export function acceptedMail(order: OrderForMail, shop: ShopIdentity = SHOP_IDENTITY): ComposedMail {
  const time = order.expectedAt ? expectedTimeText(order.expectedAt) : null;
  const ahead = order.scheduledFor;
  const forSlot = ahead && (order.expectedAt === null || order.expectedAt.getTime() === ahead.getTime()) ? ahead : null;
  const lines = [
    ...(ahead ? [`${scheduledLine(ahead)}.`] : []),
    ...(time && !forSlot ? [`Expected at ${time}.`] : []),
    // A collection: where to collect it (decision 1003).
    ...(order.fulfilment === 'collection' ? [`Collect it from ${[shop.name, ...shop.address].join(', ')}.`] : []),
  ];
  return {
    subject: forSlot
      ? `Your ${orderName(order)} is accepted: for ${slotLabel(forSlot)}`
      : time
        ? `Your ${orderName(order)} is accepted: expected at ${time}`
        : `Your ${orderName(order)} is accepted`,
    text: body(
      order,
      [[`${shop.name} has accepted your ${orderName(order)}.`, ...lines], [`Payment: ${paymentWords(order)}`], questions(shop)],
      shop,
    ),
  };
}

/**
 * The expected time as a mail gives it after acceptance: '19:45' for an order for now; with its day ('Thu 19:45') for
 * one placed ahead, which may be re-timed or sent out a day before or after the mail is read.
 */
function expectedWords(order: Pick<OrderForMail, 'expectedAt' | 'scheduledFor'>): string | null {
  if (!order.expectedAt) return null;
  return order.scheduledFor ? slotLabel(order.expectedAt) : expectedTimeText(order.expectedAt);
}

/** Re-timed ('running late', or sooner): the new time, with its day for an order placed ahead. */
export function retimedMail(order: OrderForMail, shop: ShopIdentity = SHOP_IDENTITY): ComposedMail {
  const time = expectedWords(order);
  return {
    subject: time ? `Your ${orderName(order)} is now expected at ${time}` : `Your ${orderName(order)} has a new time`,
    text: body(
      order,
      [
        [`${shop.name} has changed the time of your ${orderName(order)}.`, ...(time ? [`It is now expected at ${time}.`] : [])],
        questions(shop),
      ],
      shop,
    ),
  };
}

/**
 * On its way: where to, when, and for a cash order what to have ready. A collection's 'On the way' is 'Ready to
 * collect' (decision 1005): the mail says where to collect it and what to pay there.
 */
export function onTheWayMail(order: OrderForMail, shop: ShopIdentity = SHOP_IDENTITY): ComposedMail {
  const time = expectedWords(order);
  const cashDue = order.paymentType === 'Cash' && order.paymentStatus !== 'paid';
  if (order.fulfilment === 'collection') {
    return {
      subject: `Your ${orderName(order)} is ready to collect`,
      text: body(
        order,
        [
          [`Your ${orderName(order)} is ready to collect at ${[shop.name, ...shop.address].join(', ')}.`],
          [cashDue ? `Please have ${formatPounds(order.total)} ready to pay on collection.` : `Payment: ${paymentWords(order)}`],
          questions(shop),
        ],
        shop,
      ),
    };
  }
  return {
    subject: `Your ${orderName(order)} is on its way`,
    text: body(
      order,
      [
        [`Your ${orderName(order)} has left ${shop.name} and is on its way to you.`, ...(time ? [`Expected at ${time}.`] : [])],
        ['Delivery to:', ...addressLines(order.address)],
        [cashDue ? `Please have ${formatPounds(order.total)} ready to pay in cash.` : `Payment: ${paymentWords(order)}`],
        questions(shop),
      ],
      shop,
    ),
  };
}

/**
 * What happens to the customer's money when the order is canceled: a cash order owes nothing, a held card payment
 * is released (never charged), money taken is refunded in full. `cancelRefund` (pence) is the refund the cancel
 * made, once the payments module has recorded it: the words are the same before and after it settles.
 */
export function canceledMoneyLine(
  order: Pick<OrderForMail, 'paymentType' | 'paymentStatus' | 'total' | 'refundedTotal'> & Partial<Pick<OrderForMail, 'fulfilment'>>,
  cancelRefund: number | null = null,
): string {
  if (order.paymentType === 'Cash') {
    return `Nothing to pay: the order was to be paid on ${order.fulfilment === 'collection' ? 'collection' : 'delivery'}.`;
  }
  switch (order.paymentStatus) {
    case 'paid':
    case 'partially_refunded':
    case 'refunded': {
      const back = cancelRefund ?? order.total - order.refundedTotal;
      if (back > 0) return `We are refunding ${formatPounds(back)} to your card: ${REFUND_ARRIVES}.`;
      return `Refunded ${formatPounds(order.refundedTotal)} to your card: ${REFUND_ARRIVES}.`;
    }
    case 'failed':
      return 'Not charged: the card payment did not go through.';
    default:
      // Held (authorised), released, or never paid: the hold is released, nothing was taken.
      return `Not charged: the hold of ${formatPounds(order.total)} on your card is released.`;
  }
}

/** Rejected or canceled: why, and where the money is. */
export function canceledMail(order: OrderForMail, cancelRefund: number | null = null, shop: ShopIdentity = SHOP_IDENTITY): ComposedMail {
  const reason = order.cancelReason?.trim();
  return {
    subject: `Your ${orderName(order)} is canceled`,
    text: body(
      order,
      [
        [`Sorry: ${shop.name} has canceled your ${orderName(order)}.`, ...(reason ? [`Reason: ${sentence(reason)}`] : [])],
        [canceledMoneyLine(order, cancelRefund)],
        questions(shop),
      ],
      shop,
    ),
  };
}

/**
 * A card paid for an order that could no longer be placed when the payment came through (the shop closed or
 * paused, the slot filled, something sold out): why, and that nothing was taken.
 */
export function notPlacedMail(order: OrderForMail, shop: ShopIdentity = SHOP_IDENTITY): ComposedMail {
  return {
    subject: `Your ${orderName(order)} could not be placed`,
    text: body(order, [[orderNotPlacedMessage(order.cancelReason ?? 'it no longer met our rules')], questions(shop)], shop),
  };
}

/** A refund (part or all of a card order): how much, why, and when the money is back. */
export function refundMail(order: OrderForMail, refund: RefundForMail, shop: ShopIdentity = SHOP_IDENTITY): ComposedMail {
  const whole = order.refundedTotal >= order.total;
  return {
    subject: `Refund of ${formatPounds(refund.amount)} for your ${orderName(order)}`,
    text: body(
      order,
      [
        [
          `${shop.name} has refunded ${formatPounds(refund.amount)} of your ${orderName(order)} to your card.`,
          `Reason: ${sentence(refund.reason)}`,
        ],
        [sentence(REFUND_ARRIVES)],
        [
          whole
            ? `All of your ${formatPounds(order.total)} has now been refunded.`
            : `Refunded so far: ${formatPounds(order.refundedTotal)} of your ${formatPounds(order.total)}.`,
        ],
        questions(shop),
      ],
      shop,
    ),
  };
}
