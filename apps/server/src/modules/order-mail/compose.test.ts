import { describe, expect, it } from 'vitest';
import type { StoredOrderItem } from '@shop/shared/contract/stored-order-items';
import type { PaymentStatus, PaymentType } from '@shop/shared/domain/payment-types';
import { SHOP_IDENTITY } from '@shop/shared/domain/shop-identity';
import {
  acceptedMail,
  addressLines,
  canceledMail,
  canceledMoneyLine,
  itemAllergenLine,
  itemChoices,
  itemLines,
  onTheWayMail,
  receiptMail,
  refundMail,
  retimedMail,
  type OrderForMail,
} from './compose';

const pizza: StoredOrderItem = {
  productId: 'p1',
  title: 'Margherita',
  description: '',
  category: 'Pizza',
  quantity: 2,
  size: 'l',
  sizeLabel: 'Large 13"',
  crust: 'stuffed_crust',
  crustLabel: 'Stuffed Crust',
  type: null,
  typeLabel: null,
  toopingNames: 'Pepperoni, Mushrooms',
  toppingsPrice: 120,
  unitPrice: 1719,
  lineTotal: 3438,
  dealItems: [],
  line: { productId: 'p1', quantity: 2 },
};
const deal: StoredOrderItem = {
  ...pizza,
  productId: 'd1',
  title: 'Pizza Pair',
  category: 'Deals',
  quantity: 1,
  size: 'm',
  sizeLabel: 'Medium 10"',
  crust: 'deep_pan',
  crustLabel: null,
  toopingNames: '',
  toppingsPrice: 0,
  unitPrice: 1899,
  lineTotal: 1899,
  dealItems: ['Margherita', 'Hawaiian'],
};
const wings: StoredOrderItem = {
  ...pizza,
  productId: 'w1',
  title: 'Chicken Wings',
  category: 'Wings',
  quantity: 1,
  size: 's',
  sizeLabel: '6 pieces',
  crust: null,
  crustLabel: null,
  type: 'boneless',
  typeLabel: null,
  toopingNames: '',
  unitPrice: 599,
  lineTotal: 599,
};
const drink: StoredOrderItem = { ...wings, title: 'Cola', sizeLabel: null, size: null, type: null, unitPrice: 150, lineTotal: 150 };

// 18:30 in London on 18 November 2026 (GMT).
const PLACED = new Date('2026-11-18T18:30:00Z');

function order(overrides: Partial<OrderForMail> = {}): OrderForMail {
  return {
    id: '6915c0aa0000000000a1b2c3',
    items: [pizza, deal],
    subtotal: 5337,
    deliveryFee: 0,
    total: 5337,
    paymentType: 'Cash',
    paymentStatus: 'unpaid',
    status: 'Pending Order',
    refundedTotal: 0,
    address: {
      firstname: 'Grace',
      lastname: 'Hopper',
      phone: '+447700900456',
      address: '1 Compiler Close',
      address2: '',
      city: 'Bristol',
      postcode: 'BS1 4DJ',
    },
    note: 'Ring the bell',
    allergyNote: '',
    fulfilment: 'delivery',
    placedAt: PLACED,
    expectedAt: null,
    scheduledFor: null,
    cancelReason: null,
    ...overrides,
  };
}

describe('an order line in a mail', () => {
  it.each<[string, StoredOrderItem, string[]]>([
    [
      'a pizza: size, crust, toppings',
      pizza,
      ['2 × Margherita (£17.19 each): £34.38', '   Large 13" · Stuffed Crust · Toppings: Pepperoni, Mushrooms'],
    ],
    [
      'a deal: its size, crust (by its label when none was stored) and choices',
      deal,
      ['1 × Pizza Pair: £18.99', '   Medium 10" · Deep Pan · Deal: Margherita, Hawaiian'],
    ],
    ['wings: size and type', wings, ['1 × Chicken Wings: £5.99', '   6 pieces · Boneless']],
    ['a drink without choices: one line', drink, ['1 × Cola: £1.50']],
  ])('%s', (_name, item, lines) => {
    expect(itemLines(item)).toEqual(lines);
  });

  it('skips blank toppings and labels', () => {
    expect(itemChoices({ ...pizza, sizeLabel: ' ', toopingNames: '  ' })).toEqual(['Stuffed Crust']);
  });

  it('writes the address as on an envelope, without blank lines', () => {
    // Stored in E.164, written as people dial it.
    expect(addressLines(order().address)).toEqual(['Grace Hopper', '1 Compiler Close', 'Bristol BS1 4DJ', '07700 900456']);
    expect(addressLines({ ...order().address, address2: 'Flat 2' })).toEqual([
      'Grace Hopper',
      '1 Compiler Close',
      'Flat 2',
      'Bristol BS1 4DJ',
      '07700 900456',
    ]);
  });
});

describe('the receipt', () => {
  it('has each line with its options, the totals, the payment, the address, the note and the shop', () => {
    const mail = receiptMail(order());
    expect(mail.subject).toBe('Your order a1b2c3 at Takeaway Shop: receipt');
    expect(mail.text).toBe(
      [
        'Hello Grace,',
        '',
        'Thank you for your order. Takeaway Shop will accept it with a delivery time shortly: we will e-mail you when it does.',
        '',
        'Order a1b2c3, placed on 18/11/2026 at 18:30',
        '',
        '2 × Margherita (£17.19 each): £34.38',
        '   Large 13" · Stuffed Crust · Toppings: Pepperoni, Mushrooms',
        '1 × Pizza Pair: £18.99',
        '   Medium 10" · Deep Pan · Deal: Margherita, Hawaiian',
        '',
        'Subtotal: £53.37',
        'Total: £53.37',
        '',
        'Payment: To be paid on delivery',
        '',
        'Delivery to:',
        'Grace Hopper',
        '1 Compiler Close',
        'Bristol BS1 4DJ',
        '07700 900456',
        '',
        'Your note: Ring the bell',
        '',
        `Questions about your order? Call us on ${SHOP_IDENTITY.phone}.`,
        '',
        SHOP_IDENTITY.name,
        ...SHOP_IDENTITY.address,
        `Phone: ${SHOP_IDENTITY.phone}`,
        `E-mail: ${SHOP_IDENTITY.email}`,
        '',
      ].join('\n'),
    );
  });

  it.each<[PaymentType, PaymentStatus, string]>([
    ['Cash', 'unpaid', 'Payment: To be paid on delivery'],
    ['Card', 'authorised', 'Payment: Card payment held: taken only when the shop accepts'],
    ['Card', 'paid', 'Payment: Paid by card'],
  ])('a %s order whose payment is %s says "%s"', (paymentType, paymentStatus, line) => {
    expect(receiptMail(order({ paymentType, paymentStatus })).text).toContain(`\n${line}\n`);
  });

  it('leaves the note out when there is none, and greets without a name when there is none', () => {
    const text = receiptMail(order({ note: '  ', address: { ...order().address, firstname: '' } })).text;
    expect(text).not.toContain('Your note');
    expect(text.startsWith('Hello,\n')).toBe(true);
  });
});

describe('the receipt shows the delivery fee as its own line (issue 22 points 2 and 4)', () => {
  const pence = (text: string, label: string) => Math.round(Number(new RegExp(`\\n${label}: £(\\d+\\.\\d\\d)\\n`).exec(text)![1]) * 100);

  it('a delivery with a fee: Subtotal, Delivery, Total, and the subtotal and the fee add up to the total', () => {
    const { text } = receiptMail(order({ subtotal: 5337, deliveryFee: 250, total: 5587 }));
    expect(text).toContain('\nSubtotal: £53.37\nDelivery: £2.50\nTotal: £55.87\n');
    expect(pence(text, 'Subtotal') + pence(text, 'Delivery')).toBe(pence(text, 'Total'));
  });

  it.each([
    { label: 'a free delivery', fields: { deliveryFee: 0 } },
    { label: 'a collection', fields: { fulfilment: 'collection' as const, deliveryFee: 0 } },
  ])('$label: no delivery line', ({ fields }) => {
    const { text } = receiptMail(order(fields));
    expect(text).toContain('\nSubtotal: £53.37\nTotal: £53.37\n');
    expect(text).not.toMatch(/^Delivery:/m);
  });
});

describe('the receipt shows the driver’s tip on its own line, outside the VAT (decision 1602)', () => {
  it('Subtotal, Delivery, Driver tip, Total; the VAT counts the food and the fee, never the tip', () => {
    const shop = { ...SHOP_IDENTITY, vatNumber: 'GB123456789' };
    const { text } = receiptMail(order({ subtotal: 5337, deliveryFee: 250, tip: 200, total: 5787 }), shop);
    expect(text).toContain('\nSubtotal: £53.37\nDelivery: £2.50\nDriver tip: £2.00\nTotal: £57.87\n');
    // £53.37 + £2.50 standard-rated: £55.87, VAT 931.17p → £9.31; the £2 tip is in no rate.
    expect(text).toContain('\nVAT at 20% included: £9.31 of £55.87\n');
  });

  it('no tip: no tip line', () => {
    expect(receiptMail(order({ tip: 0 })).text).not.toContain('tip');
  });
});

describe('the receipt of the trader the settings name (decision 1002)', () => {
  const trader = {
    name: 'Harbour Pizza',
    address: ['4 Harbour Walk', 'Bristol BS1 4DJ'],
    phone: '0117 496 0123',
    email: 'hello@harbour.example',
    vatNumber: null,
  };
  const salad: StoredOrderItem = { ...drink, title: 'Cold salad', unitPrice: 350, lineTotal: 350, vatRate: 'zero' };

  it('is signed with the trader’s name, address, phone and e-mail, and shows no VAT without a VAT number', () => {
    const mail = receiptMail(order(), trader);
    expect(mail.subject).toBe('Your order a1b2c3 at Harbour Pizza: receipt');
    expect(
      mail.text.endsWith('\n\nHarbour Pizza\n4 Harbour Walk\nBristol BS1 4DJ\nPhone: 0117 496 0123\nE-mail: hello@harbour.example\n'),
    ).toBe(true);
    expect(mail.text).not.toContain('VAT');
  });

  it('with a VAT number: the number and the VAT included per rate, the delivery fee standard-rated, after the totals', () => {
    const items = [{ ...pizza, vatRate: 'standard' as const }, salad];
    const mail = receiptMail(order({ items, subtotal: 3788, deliveryFee: 250, total: 4038 }), { ...trader, vatNumber: 'GB123456789' });
    // Standard: £34.38 + £2.50 fee = £36.88, VAT 614.67p → £6.15; zero-rated £3.50.
    expect(mail.text).toContain(
      '\nTotal: £40.38\n\nVAT number: GB123456789\nVAT at 20% included: £6.15 of £36.88\nZero-rated (0% VAT): £3.50\n\nPayment:',
    );
    expect(mail.text.endsWith('E-mail: hello@harbour.example\nVAT number: GB123456789\n')).toBe(true);
  });

  it('counts a line stored before rates as standard-rated', () => {
    const mail = receiptMail(order(), { ...trader, vatNumber: 'GB123456789' });
    // £53.37 standard: 889.5p rounds half up to £8.90.
    expect(mail.text).toContain('\nVAT at 20% included: £8.90 of £53.37\n');
  });
});

describe('an order placed ahead', () => {
  // Thursday 19 November 2026, 19:30 in London; placed on Wednesday at 18:30.
  const scheduledFor = new Date('2026-11-19T19:30:00Z');

  it('the receipt says the slot as the screens do, and promises no delivery time of the shop’s', () => {
    const mail = receiptMail(order({ scheduledFor }));
    expect(mail.subject).toBe('Your order a1b2c3 for Thu 19:30 at Takeaway Shop: receipt');
    expect(mail.text).toContain(
      '\n\nThank you for your order. Takeaway Shop will accept it shortly: we will e-mail you when it does.\n\nOrder a1b2c3, placed on 18/11/2026 at 18:30\nFor Thu 19:30\n\n',
    );
    expect(mail.text).not.toContain('delivery time');
  });

  it('accepted for its slot: the slot with its day, no other time', () => {
    const mail = acceptedMail(order({ status: 'Approved Order', scheduledFor, expectedAt: scheduledFor }));
    expect(mail.subject).toBe('Your order a1b2c3 is accepted: for Thu 19:30');
    expect(mail.text).toContain('Takeaway Shop has accepted your order a1b2c3.\nFor Thu 19:30.\n\nPayment:');
    expect(mail.text).not.toContain('Expected');
  });

  it('accepted once its slot had passed: the slot ordered for and the time it is expected now', () => {
    const late = order({ status: 'Approved Order', scheduledFor, expectedAt: new Date('2026-11-19T20:05:00Z') });
    const mail = acceptedMail(late);
    expect(mail.subject).toBe('Your order a1b2c3 is accepted: expected at 20:05');
    expect(mail.text).toContain('Takeaway Shop has accepted your order a1b2c3.\nFor Thu 19:30.\nExpected at 20:05.\n');
  });

  it('re-timed and on its way: the new time with its day, since the order is for another day than it was placed', () => {
    const retimed = retimedMail(order({ status: 'Approved Order', scheduledFor, expectedAt: new Date('2026-11-19T19:50:00Z') }));
    expect(retimed.subject).toBe('Your order a1b2c3 is now expected at Thu 19:50');
    expect(retimed.text).toContain('It is now expected at Thu 19:50.');
    const out = onTheWayMail(order({ status: 'On the way', scheduledFor, expectedAt: new Date('2026-11-19T19:50:00Z') }));
    expect(out.text).toContain('Expected at Thu 19:50.');
  });

  it('in British summer time the slot is London’s', () => {
    const summer = new Date('2026-07-04T18:30:00Z');
    expect(receiptMail(order({ scheduledFor: summer })).text).toContain('\nFor Sat 19:30\n');
    expect(acceptedMail(order({ scheduledFor: summer, expectedAt: summer })).subject).toBe('Your order a1b2c3 is accepted: for Sat 19:30');
  });
});

describe('the mails of an order’s changes', () => {
  // 19:45 in London.
  const expectedAt = new Date('2026-11-18T19:45:00Z');

  it('accepted: the time, and where the money is', () => {
    const mail = acceptedMail(order({ status: 'Approved Order', expectedAt, paymentType: 'Card', paymentStatus: 'paid' }));
    expect(mail.subject).toBe('Your order a1b2c3 is accepted: expected at 19:45');
    expect(mail.text).toContain('Takeaway Shop has accepted your order a1b2c3.\nExpected at 19:45.\n');
    expect(mail.text).toContain('Payment: Paid by card\n');
  });

  it('accepted without a time (the spec’s bare status): no time promised', () => {
    const mail = acceptedMail(order({ status: 'Approved Order' }));
    expect(mail.subject).toBe('Your order a1b2c3 is accepted');
    expect(mail.text).not.toContain('Expected');
  });

  it('re-timed: the new time, in British summer time too', () => {
    expect(retimedMail(order({ status: 'Approved Order', expectedAt })).subject).toBe('Your order a1b2c3 is now expected at 19:45');
    const summer = retimedMail(order({ status: 'Approved Order', expectedAt: new Date('2026-07-01T19:05:00Z') }));
    expect(summer.subject).toBe('Your order a1b2c3 is now expected at 20:05');
    expect(summer.text).toContain('It is now expected at 20:05.');
  });

  it.each<[PaymentType, PaymentStatus, string]>([
    ['Cash', 'unpaid', 'Please have £53.37 ready to pay in cash.'],
    ['Card', 'paid', 'Payment: Paid by card'],
  ])('on its way, %s (%s): "%s"', (paymentType, paymentStatus, line) => {
    const mail = onTheWayMail(order({ status: 'On the way', expectedAt, paymentType, paymentStatus }));
    expect(mail.subject).toBe('Your order a1b2c3 is on its way');
    expect(mail.text).toContain('Expected at 19:45.');
    expect(mail.text).toContain('Delivery to:\nGrace Hopper\n1 Compiler Close\nBristol BS1 4DJ');
    expect(mail.text).toContain(`\n${line}\n`);
  });

  it.each<[PaymentType, PaymentStatus, number, string]>([
    ['Cash', 'unpaid', 0, 'Nothing to pay: the order was to be paid on delivery.'],
    ['Card', 'authorised', 0, 'Not charged: the hold of £53.37 on your card is released.'],
    ['Card', 'released', 0, 'Not charged: the hold of £53.37 on your card is released.'],
    ['Card', 'failed', 0, 'Not charged: the card payment did not go through.'],
    ['Card', 'paid', 0, 'We are refunding £53.37 to your card: it reaches your account in 5 to 10 working days.'],
    ['Card', 'partially_refunded', 500, 'We are refunding £48.37 to your card: it reaches your account in 5 to 10 working days.'],
    ['Card', 'refunded', 5337, 'Refunded £53.37 to your card: it reaches your account in 5 to 10 working days.'],
  ])('canceled, %s %s (refunded %i p): "%s"', (paymentType, paymentStatus, refundedTotal, line) => {
    const canceled = order({ status: 'Canceled Order', paymentType, paymentStatus, refundedTotal, cancelReason: 'an item has run out' });
    expect(canceledMoneyLine(canceled)).toBe(line);
    const mail = canceledMail(canceled);
    expect(mail.subject).toBe('Your order a1b2c3 is canceled');
    expect(mail.text).toContain('Sorry: Takeaway Shop has canceled your order a1b2c3.\nReason: An item has run out.\n');
    expect(mail.text).toContain(`\n${line}\n`);
  });

  it('canceled after the cancel’s refund was recorded: the same words as before it', () => {
    const before = order({ status: 'Canceled Order', paymentType: 'Card', paymentStatus: 'partially_refunded', refundedTotal: 500 });
    const after = { ...before, paymentStatus: 'refunded' as const, refundedTotal: 5337 };
    expect(canceledMoneyLine(after, 4837)).toBe(canceledMoneyLine(before));
    expect(canceledMoneyLine(after, 4837)).toBe('We are refunding £48.37 to your card: it reaches your account in 5 to 10 working days.');
  });

  it('refunded in part: the amount, the reason, when it arrives and what was refunded so far', () => {
    const mail = refundMail(
      order({ paymentType: 'Card', paymentStatus: 'partially_refunded', refundedTotal: 500, status: 'Delivered Order' }),
      {
        amount: 500,
        reason: 'The garlic bread was missing',
      },
    );
    expect(mail.subject).toBe('Refund of £5.00 for your order a1b2c3');
    expect(mail.text).toContain(
      'Takeaway Shop has refunded £5.00 of your order a1b2c3 to your card.\nReason: The garlic bread was missing.\n\nIt reaches your account in 5 to 10 working days.\n\nRefunded so far: £5.00 of your £53.37.\n',
    );
  });

  it('refunded in full: says all of it is back', () => {
    const mail = refundMail(order({ paymentType: 'Card', paymentStatus: 'refunded', refundedTotal: 5337 }), {
      amount: 5337,
      reason: 'Cold!',
    });
    expect(mail.text).toContain('Reason: Cold!\n');
    expect(mail.text).toContain('All of your £53.37 has now been refunded.');
  });

  it('every mail ends with the shop’s name, address, phone and e-mail', () => {
    const all = [
      receiptMail(order()),
      acceptedMail(order({ expectedAt })),
      retimedMail(order({ expectedAt })),
      onTheWayMail(order()),
      canceledMail(order()),
      refundMail(order(), { amount: 100, reason: 'x' }),
    ];
    const signature = [
      SHOP_IDENTITY.name,
      ...SHOP_IDENTITY.address,
      `Phone: ${SHOP_IDENTITY.phone}`,
      `E-mail: ${SHOP_IDENTITY.email}`,
    ].join('\n');
    for (const mail of all) expect(mail.text.endsWith(`\n\n${signature}\n`)).toBe(true);
  });
});

describe('allergens and collection on the mails (issue 22, decision 1003)', () => {
  const trader = {
    name: 'Harbour Pizza',
    address: ['4 Harbour Walk', 'Bristol BS1 4DJ'],
    phone: '0117 496 0123',
    email: 'hello@harbour.example',
    vatNumber: null,
  };
  const pizzaWithAllergens: StoredOrderItem = { ...pizza, allergens: ['milk', 'gluten'] };
  const drinkWithNone: StoredOrderItem = { ...drink, allergens: [] };

  it('lists each line’s allergens under it by name, in the list’s order; none of the 14 when it has none', () => {
    expect(itemAllergenLine(pizzaWithAllergens)).toBe('Allergens: Cereals containing gluten, Milk');
    expect(itemLines(pizzaWithAllergens)).toEqual([
      '2 × Margherita (£17.19 each): £34.38',
      '   Large 13" · Stuffed Crust · Toppings: Pepperoni, Mushrooms',
      '   Allergens: Cereals containing gluten, Milk',
    ]);
    expect(itemLines(drinkWithNone)).toEqual(['1 × Cola: £1.50', '   Allergens: none of the 14 listed']);
    // A line stored before allergens were recorded claims nothing.
    expect(itemAllergenLine(pizza)).toBeNull();
  });

  it('the receipt tells back the allergy note and who to call, apart from the note', () => {
    const text = receiptMail(order({ items: [pizzaWithAllergens], allergyNote: '  Severe peanut allergy ' }), trader).text;
    expect(text).toContain('\n   Allergens: Cereals containing gluten, Milk\n');
    expect(text).toContain(
      '\nYour allergies: Severe peanut allergy\nThe kitchen has this note. If anything is unclear, call us on 0117 496 0123 before eating.\n\nYour note: Ring the bell\n',
    );
    expect(receiptMail(order(), trader).text).not.toContain('Your allergies');
  });

  it('a line whose allergens were not recorded when ordered says to ask, with the shop’s phone, never none (decision 1004)', () => {
    const unknown: StoredOrderItem = { ...drink, allergens: null };
    expect(itemLines(unknown, trader)).toEqual([
      '1 × Cola: £1.50',
      '   Allergens: not recorded. Ask us about allergens: call 0117 496 0123',
    ]);
    const text = receiptMail(order({ items: [pizzaWithAllergens, unknown] }), trader).text;
    expect(text).toContain('\n   Allergens: Cereals containing gluten, Milk\n');
    expect(text).toContain('\n   Allergens: not recorded. Ask us about allergens: call 0117 496 0123\n');
    expect(text).not.toContain('none of the 14');
  });

  it('a collection’s receipt says where to collect it from instead of a delivery address, and pay on collection', () => {
    const collection = order({
      fulfilment: 'collection',
      address: { firstname: 'Ada Lovelace', lastname: '', phone: '07700 900123', address: '', address2: '', city: '', postcode: '' },
    });
    const text = receiptMail(collection, trader).text;
    expect(text).toContain('accept it with a collection time shortly');
    expect(text).toContain('\nPayment: To be paid on collection\n');
    expect(text).toContain('\nCollect from:\nHarbour Pizza\n4 Harbour Walk\nBristol BS1 4DJ\n\n');
    expect(text).not.toContain('Delivery to:');
    expect(text.startsWith('Hello Ada Lovelace,\n')).toBe(true);
  });

  it('a collection accepted: when, and where to collect it; canceled: nothing to pay on collection', () => {
    const accepted = acceptedMail(
      order({ fulfilment: 'collection', status: 'Approved Order', expectedAt: new Date('2026-11-18T18:50:00Z') }),
      trader,
    ).text;
    expect(accepted).toContain('Expected at 18:50.\nCollect it from Harbour Pizza, 4 Harbour Walk, Bristol BS1 4DJ.\n');
    expect(acceptedMail(order({ status: 'Approved Order', expectedAt: new Date('2026-11-18T18:50:00Z') }), trader).text).not.toContain(
      'Collect it from',
    );
    expect(canceledMoneyLine({ ...order({ fulfilment: 'collection' }) })).toBe('Nothing to pay: the order was to be paid on collection.');
  });

  it.each<[PaymentType, PaymentStatus, string]>([
    ['Cash', 'unpaid', 'Please have £53.37 ready to pay on collection.'],
    ['Card', 'paid', 'Payment: Paid by card'],
  ])('a collection ready (decision 1005), %s (%s): where to collect it, never "on its way"', (paymentType, paymentStatus, line) => {
    const mail = onTheWayMail(order({ fulfilment: 'collection', status: 'On the way', paymentType, paymentStatus }), trader);
    expect(mail.subject).toBe('Your order a1b2c3 is ready to collect');
    expect(mail.text).toContain('\nYour order a1b2c3 is ready to collect at Harbour Pizza, 4 Harbour Walk, Bristol BS1 4DJ.\n');
    expect(mail.text).toContain(`\n${line}\n`);
    expect(mail.text).not.toContain('on its way');
    expect(mail.text).not.toContain('Delivery to:');
  });
});
