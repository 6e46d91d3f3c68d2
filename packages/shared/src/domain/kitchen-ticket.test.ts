import { describe, expect, it } from 'vitest';
import {
  kitchenTicketDocument,
  ticketItemChoices,
  ticketPaymentText,
  ticketText,
  ticketTimeText,
  wrapWords,
  type TicketOrder,
} from './kitchen-ticket';

const item = (over: Partial<TicketOrder['items'][number]> = {}) =>
  ({
    title: 'Margherita',
    category: 'Pizza',
    quantity: 2,
    size: 'l',
    sizeLabel: 'Large 13"',
    crust: 'thin_crust',
    crustLabel: null,
    type: null,
    typeLabel: null,
    id: 'p1',
    description: '',
    topping: 'Olives, Ham',
    toppingsPrice: 1,
    price: 9,
    totalQuantityPrice: 18,
    dealItems: [],
    ...over,
  }) as TicketOrder['items'][number];

const order: TicketOrder = {
  _id: '65a1b2c3d4e5f60718293a4b',
  items: [
    item(),
    item({
      title: 'Meal Deal',
      quantity: 1,
      sizeLabel: null,
      crust: null,
      topping: '',
      dealItems: ['Pepperoni', 'Coke'],
      totalQuantityPrice: 12,
    }),
  ],
  date: '25/11/2026',
  time: '18:02',
  paymentType: 'Cash',
  paymentStatus: 'unpaid',
  status: 'Approved Order',
  address: {
    firstname: 'Ada',
    lastname: 'Lovelace',
    Email: 'ada@example.com',
    phone: '07700900123',
    address: '12 Quay St',
    address2: '',
    city: 'Bristol',
    postcode: 'BS1 4DJ',
  },
  note: 'Ring twice',
  fulfilment: 'delivery',
  allergyNote: 'Peanuts',
  subtotal: 30,
  deliveryFee: 2.5,
  totalPrice: 32.5,
  expectedTime: '18:45',
  scheduledFor: null,
};

describe('the kitchen ticket', () => {
  it.each([
    ['Cash', 'unpaid', 'CASH DUE £32.50'],
    ['Cash', 'paid', 'PAID (cash)'],
    ['Card', 'paid', 'PAID (card)'],
    ['Card', 'partially_refunded', 'PAID (card)'],
    ['Card', 'authorised', 'CARD NOT YET PAID'],
  ] as const)('says %s %s as %s', (paymentType, paymentStatus, words) => {
    expect(ticketPaymentText({ paymentType, paymentStatus, totalPrice: 32.5 })).toBe(words);
  });

  it.each([
    [{ scheduledFor: null, expectedTime: '18:45' }, 'Expected 18:45'],
    [{ scheduledFor: null, expectedTime: null }, 'ASAP'],
    [{ scheduledFor: '2026-11-28T19:30:00.000Z', expectedTime: '18:45' }, 'For Sat 19:30'],
  ])('times %j as %s', (times, words) => {
    expect(ticketTimeText(times)).toBe(words);
  });

  it.each([
    ['a --- note', 'a \\-\\-\\- note'],
    ['^^^ big | col {x}', '\\^\\^\\^ big \\| col \\{x\\}'],
    ['two\nlines\u0007', 'two lines'],
    ['say "hi" ~ _x_ `y` = \\', 'say \\"hi\\" \\~ \\_x\\_ \\`y\\` \\= \\\\'],
  ])('escapes %j so it prints as written', (value, escaped) => {
    expect(ticketText(value)).toBe(escaped);
  });

  it('puts every choice on its own line', () => {
    expect(ticketItemChoices(order.items[0] as TicketOrder['items'][number])).toEqual(['Large 13"', 'Thin Crust', '+ Olives', '+ Ham']);
    expect(ticketItemChoices(order.items[1] as TicketOrder['items'][number])).toEqual(['> Pepperoni', '> Coke']);
  });

  it('shows the driver’s tip: in the customer copy’s totals, and on the kitchen copy the driver takes', () => {
    const tipped = { ...order, tip: 2, totalPrice: 34.5 };
    const customer = kitchenTicketDocument(tipped, 'customer');
    expect(customer).toContain('|Delivery | £2.50\n|Driver tip | £2.00\n|"Total" | "£34.50"');
    expect(kitchenTicketDocument(tipped, 'kitchen')).toContain('|Driver tip £2.00 (for the driver)');
    expect(kitchenTicketDocument(order, 'customer')).not.toContain('tip');
    expect(kitchenTicketDocument({ ...order, tip: 0 }, 'kitchen')).not.toContain('tip');
  });

  it('writes the kitchen copy without prices and the customer copy with them', () => {
    const kitchen = kitchenTicketDocument(order, 'kitchen');
    expect(kitchen).toContain('^^^^#293a4b');
    expect(kitchen).toContain('^^^"DELIVERY"');
    expect(kitchen).toContain('|^"ALLERGY: Peanuts"');
    expect(kitchen).toContain('|^^"2 x Margherita"');
    expect(kitchen).not.toContain('£18.00');
    expect(kitchen).toContain('^^"CASH DUE £32.50"');
    const customer = kitchenTicketDocument({ ...order, fulfilment: 'collection', allergyNote: '' }, 'customer');
    expect(customer).toContain('^^^"COLLECTION"');
    expect(customer).not.toContain('12 Quay St');
    expect(customer).not.toContain('ALLERGY');
    expect(customer).toContain('|^^"2 x Margherita" | £18.00');
    expect(customer).toContain('|"Total" | "£32.50"');
  });

  it('prints each discount line on the customer copy, its words escaped', () => {
    const discounted = {
      ...order,
      discounts: [{ source: 'promotion' as const, label: 'PIZZA10: 10% off', amount: 3.25, code: 'PIZZA10' }],
    };
    const customer = kitchenTicketDocument(discounted, 'customer');
    expect(customer).toContain('|PIZZA10: 10% off | \\-£3.25');
    expect(kitchenTicketDocument(discounted, 'kitchen')).not.toContain('PIZZA10');
  });

  it.each([
    ['phone', 'Sam Jones', ['^^"PHONE"', 'Taken by Sam Jones']],
    ['counter', 'Sam Jones', ['^^"COUNTER"', 'Taken by Sam Jones']],
    ['counter', null, ['^^"COUNTER"']],
    ['guest', null, ['^^"GUEST"']],
    ['web', null, []],
  ] as const)('marks a %s order (taken by %s) under the order number', (channel, takenBy, marks) => {
    const lines = kitchenTicketDocument({ ...order, channel, takenBy }, 'kitchen').split('\n');
    const number = lines.indexOf('^^^^#293a4b');
    // After the number and KITCHEN, before DELIVERY.
    expect(lines.slice(number + 2, lines.indexOf('^^^"DELIVERY"'))).toEqual(marks);
  });

  it('says REPRINT, big, at the top of a reprint only', () => {
    const reprint = kitchenTicketDocument(order, 'kitchen', { occasion: 'reprint' }).split('\n');
    expect(reprint[1]).toBe('^^^^"REPRINT"');
    expect(kitchenTicketDocument(order, 'kitchen')).not.toContain('REPRINT');
  });
});

describe('the ticket breaks lines between words', () => {
  it.each<[string, number, string[]]>([
    ['Extra mozzarella cheese, jalapenos and caramelised onions', 44, ['Extra mozzarella cheese, jalapenos and', 'caramelised onions']],
    ['Extra mozzarella cheese, jalapenos and caramelised onions', 28, ['Extra mozzarella cheese,', 'jalapenos and caramelised', 'onions']],
    ['short', 32, ['short']],
    ['exactly four', 12, ['exactly four']],
    ['  spaces   between\twords ', 48, ['spaces between words']],
    ['a https://example.com/a-very-long-address b', 10, ['a', 'https://ex', 'ample.com/', 'a-very-lon', 'g-address', 'b']],
    ['', 32, []],
  ])('%j at %i characters', (text, width, lines) => {
    expect(wrapWords(text, width)).toEqual(lines);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(width);
  });
});
