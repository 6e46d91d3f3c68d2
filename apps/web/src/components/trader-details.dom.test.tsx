import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderReceipt, ShopTrader } from '@shop/shared/contract/settings';
import { fakeApi, ok } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { ShopFooter, telHref } from './shop-footer';
import { ReceiptDetails, TraderNotice } from './trader-details';

// Decision 1002: the trader the storefront shows (footer, checkout) and an order's receipt details (VAT per rate).

const HARBOUR: ShopTrader = {
  name: 'Harbour Pizza',
  address: ['4 Harbour Walk', 'Bristol BS1 4DJ'],
  phone: '0117 496 0123',
  email: 'hello@harbour.example',
  vatNumber: null,
};

describe('the storefront’s footer', () => {
  it('names the trader, its address, phone and e-mail, and no VAT number when it has none', async () => {
    fakeApi({ 'GET /shop-trader': ok(HARBOUR) });
    renderWithProviders(<ShopFooter />);
    const shop = await screen.findByLabelText('The shop');
    expect(shop).toHaveTextContent('Harbour Pizza');
    expect(shop).toHaveTextContent('4 Harbour Walk, Bristol BS1 4DJ');
    expect(within(shop).getByRole('link', { name: '0117 496 0123' })).toHaveAttribute('href', 'tel:+441174960123');
    expect(within(shop).getByRole('link', { name: 'hello@harbour.example' })).toHaveAttribute('href', 'mailto:hello@harbour.example');
    expect(shop).not.toHaveTextContent('VAT');
  });

  it('shows the VAT number of a VAT-registered shop', async () => {
    fakeApi({ 'GET /shop-trader': ok({ ...HARBOUR, vatNumber: 'GB123456789' }) });
    renderWithProviders(<ShopFooter />);
    expect(await screen.findByLabelText('The shop')).toHaveTextContent('VAT number GB123456789');
  });
});

describe('checkout’s trader line', () => {
  it('says who the customer is ordering from', async () => {
    fakeApi({ 'GET /shop-trader': ok(HARBOUR) });
    renderWithProviders(<TraderNotice />);
    expect(
      await screen.findByText('You are ordering from Harbour Pizza, 4 Harbour Walk, Bristol BS1 4DJ · Phone 0117 496 0123.'),
    ).toBeVisible();
  });
});

describe('an order’s receipt details', () => {
  it('shows the VAT number and the VAT per rate in the receipt’s words, and the trader', async () => {
    const receipt: OrderReceipt = {
      trader: { ...HARBOUR, vatNumber: 'GB123456789' },
      vat: {
        vatNumber: 'GB123456789',
        rates: [
          { rate: 'standard', percent: 20, gross: 36.88, vat: 6.15, text: 'VAT at 20% included: £6.15 of £36.88' },
          { rate: 'zero', percent: 0, gross: 3.5, vat: 0, text: 'Zero-rated (0% VAT): £3.50' },
        ],
      },
    };
    const api = fakeApi({ 'GET /receipts/:id': ok(receipt) });
    renderWithProviders(<ReceiptDetails orderId="6915c0aa0000000000a1b2c3" />);
    const details = await screen.findByRole('group', { name: 'Receipt' });
    expect(details).toHaveTextContent('VAT number: GB123456789');
    expect(within(details).getByText('VAT at 20% included: £6.15 of £36.88')).toBeVisible();
    expect(within(details).getByText('Zero-rated (0% VAT): £3.50')).toBeVisible();
    expect(details).toHaveTextContent('Sold by Harbour Pizza, 4 Harbour Walk, Bristol BS1 4DJ · Phone 0117 496 0123');
    expect(api.sent('GET /receipts/:id').map((request) => request.path)).toEqual(['/receipts/6915c0aa0000000000a1b2c3']);
  });

  it('shows no VAT lines for a shop without a VAT number', async () => {
    fakeApi({ 'GET /receipts/:id': ok({ trader: HARBOUR, vat: null }) });
    renderWithProviders(<ReceiptDetails orderId="6915c0aa0000000000a1b2c3" />);
    const details = await screen.findByRole('group', { name: 'Receipt' });
    expect(details).not.toHaveTextContent('VAT');
  });
});

describe('telHref', () => {
  it.each([
    ['0117 496 0123', 'tel:+441174960123'],
    ['+44 20 7946 0321', 'tel:+442079460321'],
    ['(020) 7946-0321', 'tel:+442079460321'],
  ])('dials %s as %s', (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });
});
