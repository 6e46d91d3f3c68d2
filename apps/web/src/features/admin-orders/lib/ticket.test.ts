import { describe, expect, it } from 'vitest';
import { addressLines, ticketPaymentLine } from './ticket';

describe('the kitchen ticket', () => {
  it('tells the driver to collect the cash total of a cash order, in pounds and pence', () => {
    expect(ticketPaymentLine({ paymentType: 'Cash', paymentStatus: 'unpaid', totalPrice: 23.5 })).toBe('CASH TO COLLECT £23.50');
    expect(ticketPaymentLine({ paymentType: 'Cash', paymentStatus: 'unpaid', totalPrice: 20.48 })).toBe('CASH TO COLLECT £20.48');
  });

  it('says PAID only for a card order whose money was taken, a part refunded since included', () => {
    expect(ticketPaymentLine({ paymentType: 'Card', paymentStatus: 'paid', totalPrice: 12 })).toBe('PAID');
    expect(ticketPaymentLine({ paymentType: 'Card', paymentStatus: 'partially_refunded', totalPrice: 12 })).toBe('PAID');
    expect(ticketPaymentLine({ paymentType: 'Card', paymentStatus: 'authorised', totalPrice: 12 })).toBe('CARD PAYMENT NOT CONFIRMED');
    expect(ticketPaymentLine({ paymentType: 'Card', paymentStatus: 'pending', totalPrice: 12 })).toBe('CARD PAYMENT NOT CONFIRMED');
    expect(ticketPaymentLine({ paymentType: 'Card', paymentStatus: 'failed', totalPrice: 12 })).toBe('CARD PAYMENT NOT CONFIRMED');
  });

  it('prints the address one line each, blanks left out', () => {
    const address = {
      firstname: 'Grace',
      lastname: '',
      Email: 'grace@example.com',
      phone: '07700 900456',
      address: '1 Compiler Close',
      address2: ' ',
      city: 'Bristol',
      postcode: 'BS1 4DJ',
    };
    expect(addressLines(address)).toEqual(['Grace', '1 Compiler Close', 'Bristol BS1 4DJ']);
  });
});
