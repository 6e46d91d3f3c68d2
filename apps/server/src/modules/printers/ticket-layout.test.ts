// The ticket as the printer lays it out (receiptline's text rendering): long item names, choices and notes break
// between words at 80 mm (48 characters) and 58 mm (32), never inside one.
import { describe, expect, it } from 'vitest';
import type { TicketOrder } from '@shop/shared/domain/kitchen-ticket';
import { kitchenTicketDocument } from '@shop/shared/domain/kitchen-ticket';
import { ticketPlainText } from './render';

const LONG_TITLE = 'Extra large pepperoni passion supreme with stuffed crust';
const LONG_TOPPING = 'Extra mozzarella cheese jalapenos and caramelised onions';
const LONG_NOTE = 'Please ring the doorbell twice and leave it with the neighbour at number fourteen';
const LONG_ALLERGY = 'Severe peanut and sesame allergy, no cross contamination please';

const order: TicketOrder = {
  _id: '65a1b2c3d4e5f60718293a4b',
  items: [
    {
      title: LONG_TITLE,
      category: 'Pizza',
      quantity: 2,
      size: 'l',
      sizeLabel: 'Large 13"',
      crust: null,
      crustLabel: null,
      type: null,
      typeLabel: null,
      id: 'p1',
      description: '',
      topping: LONG_TOPPING,
      toppingsPrice: 1,
      price: 9,
      totalQuantityPrice: 18,
      dealItems: [],
    } as unknown as TicketOrder['items'][number],
  ],
  date: '25/11/2026',
  time: '18:02',
  paymentType: 'Cash',
  paymentStatus: 'unpaid',
  status: 'Approved Order',
  address: {
    firstname: 'Bartholomew',
    lastname: 'Montgomery-Richardson',
    Email: 'b@example.com',
    phone: '07700900123',
    address: 'Flat 14 Harbourside Apartments Cumberland Road',
    address2: '',
    city: 'Bristol',
    postcode: 'BS1 6XX',
  },
  note: LONG_NOTE,
  fulfilment: 'delivery',
  allergyNote: LONG_ALLERGY,
  subtotal: 18,
  deliveryFee: 2.5,
  totalPrice: 20.5,
  expectedTime: '18:45',
  scheduledFor: null,
};

/** A line as read: double-width text renders each character followed by a space, which is taken out. */
function readLine(line: string): string {
  const inner = line.replace(/^\|/, '').replace(/\|$/, '').trimEnd();
  const doubled = inner.length > 1 && [...inner].every((char, index) => index % 2 === 0 || char === ' ');
  return doubled ? [...inner].filter((_char, index) => index % 2 === 0).join('') : inner;
}

/** Every word of `text` as printed: each must appear whole on one line. */
function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter((word) => word !== '');
}

describe.each([80, 58] as const)('a ticket on %i mm paper', (paperWidth) => {
  it.each(['kitchen', 'customer'] as const)('%s copy: breaks long names, choices, address, allergy and note between words', (kind) => {
    const text = ticketPlainText(kitchenTicketDocument(order, kind, { paperWidth }), paperWidth);
    const printed = text.split('\n').flatMap((line) => wordsOf(readLine(line)));
    for (const source of [LONG_TITLE, LONG_TOPPING, LONG_NOTE, LONG_ALLERGY, 'Flat 14 Harbourside Apartments Cumberland Road']) {
      for (const word of wordsOf(source)) expect(printed, `"${word}" of "${source}"`).toContain(word);
    }
  });

  it('says REPRINT at the top of a reprint', () => {
    const text = ticketPlainText(kitchenTicketDocument(order, 'kitchen', { paperWidth, occasion: 'reprint' }), paperWidth);
    expect(
      text
        .split('\n')
        .find((line) => line.trim() !== '')
        ?.replace(/\s+/g, ''),
    ).toMatch(/^R+E+P+R+I+N+T+$/);
  });
});
