/**
 * The kitchen ticket and the customer's copy (issue 24, decision 1200), written once as a receiptline document:
 * the server turns it into ESC/POS (network printers), StarPRNT (CloudPRNT) and SVG or text (the back office's
 * preview and the browser's print fallback). Pure: the order in, the document out; the paper's width is the
 * transform's (48 characters on 80 mm, 32 on 58 mm), and the layout wraps to it.
 *
 * For a cook reading it across a kitchen: the order number big; DELIVERY or COLLECTION and the time (expected, or
 * the slot ordered ahead for) in bold; name, phone and address; the allergy note boxed; each item with its quantity
 * and every choice on its own line; the note; PAID (card), PAID (cash) or CASH DUE £x. A phone or counter order (or a
 * guest's) says so under the order number, with who took it.
 */
import { formatPhone } from './phone';
import type { OrderWire } from '../contract/orders';
import { CRUST_LABELS, WING_TYPE_LABELS } from './catalogue';
import { scheduledLine } from './kitchen';
import { formatPounds, poundsToPence } from './money';
import { channelBadge } from './order-channel';
import { displayOrderId } from './order-id';
import { CAPTURED_STATUSES } from './payment-types';
import { TIP_LINE_LABEL } from './tips';

export type TicketKind = 'kitchen' | 'customer';

/** Why a ticket prints: an accepted order's own tickets, or a copy asked for again (it says REPRINT at the top). */
export type TicketOccasion = 'accept' | 'reprint';

/** How a ticket is made: the paper's width (80 mm unless said) and why it prints (accept unless said). */
export interface TicketOptions {
  paperWidth?: 80 | 58;
  occasion?: TicketOccasion;
}

/** What the ticket reads of an order: the admin's order answer has all of it. */
export type TicketOrder = Pick<
  OrderWire,
  | '_id'
  | 'items'
  | 'date'
  | 'time'
  | 'paymentType'
  | 'paymentStatus'
  | 'status'
  | 'address'
  | 'note'
  | 'fulfilment'
  | 'allergyNote'
  | 'subtotal'
  | 'deliveryFee'
  | 'totalPrice'
  | 'expectedTime'
  | 'scheduledFor'
> &
  // How it reached the shop, and who took it: PHONE or COUNTER is printed under the order number. The discount lines
  // are printed on the customer's copy, and the driver's tip.
  Partial<Pick<OrderWire, 'channel' | 'takenBy' | 'discounts' | 'tip'>>;

/** Characters per line of each paper width, in the printers' normal font (12 dots wide, 576 and 384 dots). */
export const TICKET_CHARS_PER_LINE: Record<80 | 58, number> = { 80: 48, 58: 32 };

/**
 * Text from a customer (a name, a note) as receiptline prints it: its special characters escaped, so a note of
 * '-----' or '^^^' or '|' prints as written and cannot change the layout; line breaks become spaces; control
 * characters are dropped.
 */
export function ticketText(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[\\|{}\-=~_"`^]/g, (char) => `\\${char}`)
  );
}

/**
 * Text cut into lines of at most `width` characters, between words: receiptline cuts a long line wherever the column
 * ends, mid-word ('caram / elised'), so the ticket hands it lines that already fit. A word longer than a whole line
 * (a long web address) is the one thing cut inside.
 */
export function wrapWords(text: string, width: number): string[] {
  const size = Math.max(1, Math.floor(width));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((part) => part !== '')) {
    let rest = word;
    while (rest.length > size) {
      if (line !== '') {
        lines.push(line);
        line = '';
      }
      lines.push(rest.slice(0, size));
      rest = rest.slice(size);
    }
    if (line === '') line = rest;
    else if (line.length + 1 + rest.length <= size) line = `${line} ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

function pence(pounds: number): number {
  return poundsToPence(pounds) ?? 0;
}

/**
 * 'PAID (card)' for a card order whose money was taken, 'PAID (cash)' for cash taken at the counter, 'CASH DUE £23.50'
 * for cash to collect, a warning for a card not yet paid.
 */
export function ticketPaymentText(order: Pick<TicketOrder, 'paymentType' | 'paymentStatus' | 'totalPrice'>): string {
  if (order.paymentType === 'Cash' && order.paymentStatus === 'paid') return 'PAID (cash)';
  if (order.paymentType === 'Cash') return `CASH DUE ${formatPounds(pence(order.totalPrice))}`;
  return CAPTURED_STATUSES.includes(order.paymentStatus) ? 'PAID (card)' : 'CARD NOT YET PAID';
}

/** The time line: 'For Sat 19:30' ordered ahead, 'Expected 19:05' once accepted, 'ASAP' before. */
export function ticketTimeText(order: Pick<TicketOrder, 'scheduledFor' | 'expectedTime'>): string {
  if (order.scheduledFor) {
    const at = new Date(order.scheduledFor);
    if (!Number.isNaN(at.getTime())) return scheduledLine(at);
  }
  return order.expectedTime ? `Expected ${order.expectedTime}` : 'ASAP';
}

/** Every choice of an item on its own line: size, crust, wing type, each topping, each of a deal's items. */
export function ticketItemChoices(item: TicketOrder['items'][number]): string[] {
  const toppings = item.topping
    .split(',')
    .map((topping) => topping.trim())
    .filter((topping) => topping !== '')
    .map((topping) => `+ ${topping}`);
  return [
    item.sizeLabel,
    item.crust ? (item.crustLabel ?? CRUST_LABELS[item.crust]) : null,
    item.type ? (item.typeLabel ?? WING_TYPE_LABELS[item.type]) : null,
    ...toppings,
    ...item.dealItems.map((dealItem) => `> ${dealItem}`),
  ].filter((choice): choice is string => typeof choice === 'string' && choice.trim() !== '');
}

function addressLinesOf(address: TicketOrder['address']): string[] {
  return [address.address, address.address2, [address.city, address.postcode].filter(Boolean).join(' ')]
    .map((line) => (line ?? '').trim())
    .filter((line) => line !== '');
}

/**
 * The ticket as a receiptline document for paper of `paperWidth`. A kitchen copy carries no prices but the payment
 * line; the customer's copy adds each line's price and the totals. A reprint says REPRINT, big, at the top, so a
 * second copy is never cooked as a second order. Every text a customer or the menu wrote is cut into lines between
 * words (wrapWords) at the width of its box. Ends with a paper cut.
 */
export function kitchenTicketDocument(order: TicketOrder, kind: TicketKind, options: TicketOptions = {}): string {
  const cpl = TICKET_CHARS_PER_LINE[options.paperWidth ?? 80];
  const lines: string[] = [];
  const add = (...more: string[]) => lines.push(...more);
  /** Each line of `text` wrapped to `width` characters, written by `row`. */
  const wrapped = (text: string, width: number, row: (line: string, first: boolean) => string) =>
    // eslint-disable-next-line no-control-regex
    wrapWords(text.replace(/[\u0000-\u001f\u007f]+/g, ' '), width).forEach((line, index) => add(row(ticketText(line), index === 0)));
  const name = [order.address.firstname, order.address.lastname].filter(Boolean).join(' ');

  add('{align:center; width:auto; border:space}');
  if (options.occasion === 'reprint') add('^^^^"REPRINT"');
  add(`^^^^#${ticketText(displayOrderId(order._id))}`);
  add(kind === 'kitchen' ? 'KITCHEN' : 'CUSTOMER COPY');
  const badge = order.channel ? channelBadge(order.channel) : null;
  if (badge) add(`^^"${badge}"`);
  if (badge && order.takenBy) add(`Taken by ${ticketText(order.takenBy)}`);
  add(`^^^"${order.fulfilment === 'collection' ? 'COLLECTION' : 'DELIVERY'}"`);
  add(`^^"${ticketText(ticketTimeText(order))}"`);
  add(`Placed ${ticketText(order.date)} ${ticketText(order.time)}`);
  add('-');
  add('{align:left}');
  /** Double width (each character two columns) when every word fits a line so; else normal width, whole words. */
  const big = (text: string, width: number, row: (line: string, mark: string) => string) => {
    const fits = text.split(/\s+/).every((word) => word.length <= Math.floor(width / 2));
    wrapped(text, fits ? width / 2 : width, (line) => row(line, fits ? '^' : ''));
  };
  if (name) big(name, cpl, (line, mark) => `|${mark}"${line}"`);
  if (order.address.phone) add(`|Tel ${ticketText(formatPhone(order.address.phone))}`);
  if (order.fulfilment === 'delivery') for (const line of addressLinesOf(order.address)) wrapped(line, cpl, (part) => `|${part}`);
  if (order.allergyNote.trim() !== '') {
    add('{width:*; border:line}');
    // The box's two sides take a column each.
    big(`ALLERGY: ${order.allergyNote}`, cpl - 2, (line, mark) => `|${mark}"${line}"`);
    add('{width:auto; border:space}');
  }
  add('-');
  const priceColumn = 10;
  for (const item of order.items) {
    const price = kind === 'customer' ? ` | ${formatPounds(pence(item.totalQuantityPrice))}` : '';
    add(kind === 'customer' ? `{width:*,${priceColumn}}` : '{width:*}');
    const titleWidth = kind === 'customer' ? cpl - priceColumn - 1 : cpl;
    wrapped(
      `${item.quantity} x ${item.title}`,
      titleWidth,
      (line, first) => `|^^"${line}"${first ? price : kind === 'customer' ? ' |' : ''}`,
    );
    // Each choice on its own line, indented (an empty first column of 3 and the space between).
    add('{width:3,*}');
    for (const choice of ticketItemChoices(item)) wrapped(choice, cpl - 4, (line) => `~|${line} |`);
  }
  add('{width:auto}');
  if (order.note.trim() !== '') {
    add('-');
    wrapped(`Note: ${order.note}`, cpl, (line, first) => (first ? `|"Note:" ${line.replace(/^Note:\s?/, '')}` : `|${line}`));
  }
  add('-');
  if (kind === 'customer') {
    add('{width:*,12}');
    add(`|Subtotal | ${formatPounds(pence(order.subtotal))}`);
    if (order.fulfilment === 'delivery' && order.deliveryFee > 0) add(`|Delivery | ${formatPounds(pence(order.deliveryFee))}`);
    for (const discount of order.discounts ?? [])
      add(`|${ticketText(discount.label)} | ${ticketText(`-${formatPounds(pence(discount.amount))}`)}`);
    if (order.tip) add(`|${TIP_LINE_LABEL} | ${formatPounds(pence(order.tip))}`);
    add(`|"Total" | "${formatPounds(pence(order.totalPrice))}"`);
    add('{width:auto}');
  }
  // The kitchen's copy goes out with the driver: it says the tip is theirs (the customer's copy has it in the totals).
  if (kind === 'kitchen' && order.tip) add(`|${TIP_LINE_LABEL} ${formatPounds(pence(order.tip))} (for the driver)`);
  add('{align:center; width:*; border:line}');
  add(`^^"${ticketText(ticketPaymentText(order))}"`);
  add('{width:auto; border:space}');
  // The paper cut is the printer command's own (receiptline's `cutting`): one per copy.
  return `${lines.join('\n')}\n`;
}
