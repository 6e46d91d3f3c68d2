import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderWire } from '@shop/shared/contract/orders';
import { DEFAULT_TIPPING_POLICY } from '@shop/shared/domain/tips';
import { fakeApi, ok } from '../../test/fake-api';
import { fill, renderWithProviders } from '../../test/render';
import { orderItemWire, orderWire, sessionAnswer } from '../../test/wire-fixtures';
import { ShopFooter } from '../components/shop-footer';
import { AdminOrderDetailPage } from '../features/admin-orders/routes/admin-order-detail-page';
import { ShopSettingsPage } from '../features/admin-settings/routes/shop-settings-page';
import { OrderDetailPage } from '../features/orders/routes/order-detail-page';
import { closeRealtime } from '../lib/realtime';
import { adminOrderPath, orderPath, paths } from '../lib/paths';
import { DEFAULT_SETTINGS } from '../../test/shop-settings-fixture';
import { TippingPolicyPage } from './routes/tipping-policy-page';
import { TrackPage } from './routes/track-page';

// The driver's tip after checkout (decision 1602): its own line on the order pages and the ticket, the tipping
// policy page linked from the footer, and the owner's editor of it.

afterEach(() => closeRealtime());

/** Pages that wait for the session and then their own answers: on a busy machine that takes a while. */
const SLOW = { timeout: 10_000 };

const EMAIL = 'ada@example.co.uk';
const items = [orderItemWire({ title: 'Margherita', quantity: 2, price: 7.49 })];
const tipped = orderWire({ items, email: EMAIL, subtotal: 14.98, deliveryFee: 2.5, tip: 2, totalPrice: 19.48 });

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent ?? '');

describe('the order pages show the driver’s tip on its own line, in the total', () => {
  it('the customer’s order page', async () => {
    fakeApi({ 'GET /session': sessionAnswer(EMAIL), 'GET /buy-product/:id': ok(tipped) });
    renderWithProviders(<OrderDetailPage />, { at: orderPath(tipped._id), route: paths.order });
    const rows = rowsOf(await screen.findByRole('table', { name: 'Items' }, SLOW));
    expect(rows.slice(-4)).toEqual(['Subtotal£14.98', 'Delivery£2.50', 'Driver tip£2.00', 'Total Price£19.48']);
  });

  it('the admin’s order page and its ticket', async () => {
    fakeApi({ 'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'), 'GET /buy-product/:id': ok(tipped) });
    renderWithProviders(<AdminOrderDetailPage />, { at: adminOrderPath(tipped._id), route: paths.adminOrder });
    const rows = rowsOf(await screen.findByRole('region', { name: 'Items' }, SLOW));
    expect(rows.slice(-4)).toEqual(['Subtotal£14.98', 'Delivery£2.50', 'Driver tip£2.00', 'Total Price£19.48']);
    expect(screen.getByTestId('ticket-tip')).toHaveTextContent('Driver tip £2.00');
  });

  it('the tracking page', async () => {
    const { _id, date, time, paymentType, paymentStatus, status, fulfilment, subtotal, deliveryFee, tip, totalPrice, quantity } = tipped;
    fakeApi({
      'GET /session': ok({ user: null }),
      'GET /payment-config': ok({ provider: 'test', publishableKey: null, testMode: true }),
      'GET /track/:token': ok({
        ...{
          _id,
          items: tipped.items,
          date,
          time,
          paymentType,
          paymentStatus,
          status,
          fulfilment,
          subtotal,
          deliveryFee,
          tip,
          totalPrice,
          quantity,
        },
        discounts: [],
        discount: 0,
        createdAt: '2026-11-25T18:42:00.000Z',
        placedAt: '2026-11-25T18:42:00.000Z',
        expectedAt: null,
        expectedTime: null,
        scheduledFor: null,
        cancelReason: null,
        refundedTotal: 0,
        statusHistory: [],
        channel: 'guest',
        awaitingPayment: false,
      }),
    });
    renderWithProviders(<TrackPage />, { at: '/track/tRk_0123456789abcdefghij', route: paths.track });
    const rows = rowsOf(await screen.findByRole('table', { name: 'Items' }, SLOW));
    expect(rows.slice(-4)).toEqual(['Subtotal£14.98', 'Delivery£2.50', 'Driver tip£2.00', 'Total Price£19.48']);
  });

  it('no tip: no tip line', async () => {
    const plain: OrderWire = { ...tipped, tip: 0, totalPrice: 17.48 };
    fakeApi({ 'GET /session': sessionAnswer(EMAIL), 'GET /buy-product/:id': ok(plain) });
    renderWithProviders(<OrderDetailPage />, { at: orderPath(plain._id), route: paths.order });
    const rows = rowsOf(await screen.findByRole('table', { name: 'Items' }, SLOW));
    expect(rows.some((row) => row.startsWith('Driver tip'))).toBe(false);
  });
});

describe('the tipping policy', () => {
  it('the storefront’s page shows the policy, paragraph by paragraph; the footer links it', async () => {
    fakeApi({
      'GET /tipping-policy': ok({ policy: DEFAULT_TIPPING_POLICY, updatedAt: null }),
      'GET /shop-trader': ok({
        name: 'Bristol Pizza Co',
        address: ['4 Quay Street'],
        phone: '0117 496 0123',
        email: 'hi@example.com',
        vatNumber: null,
      }),
    });
    renderWithProviders(
      <>
        <TippingPolicyPage />
        <ShopFooter />
      </>,
      { at: paths.tippingPolicy },
    );
    expect(await screen.findByRole('heading', { name: 'Tipping policy', level: 1 }, SLOW)).toBeVisible();
    const policy = await screen.findByTestId('tipping-policy', {}, SLOW);
    expect(within(policy).getByText(/All of every tip goes to the driver who delivered the order, in full/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Tipping policy' })).toHaveAttribute('href', '/tipping-policy');
  });

  it('the owner edits it in the settings screen: PUT /tipping-policy with the text', async () => {
    const api = fakeApi({
      'GET /session': sessionAnswer('owner@example.com', 'owner', 'Owner'),
      'GET /shop-settings': ok(DEFAULT_SETTINGS),
      'GET /tipping-policy': ok({ policy: DEFAULT_TIPPING_POLICY, updatedAt: null }),
      'PUT /tipping-policy': (request) =>
        ok({ policy: (request.body as { policy: string }).policy, updatedAt: '2026-11-29T09:00:00.000Z' }),
    });
    const { user } = renderWithProviders(<ShopSettingsPage />, { at: paths.shopSettings });
    const form = await screen.findByRole('form', { name: 'Tipping policy' }, SLOW);
    const field = within(form).getByRole('textbox', { name: /Policy/ });
    await waitFor(() => expect(field).toBeEnabled(), SLOW);
    await fill(user, field, 'All tips go to the driver, in full.');
    await user.click(within(form).getByRole('button', { name: 'Save policy' }));
    await waitFor(() => expect(api.sent('PUT /tipping-policy')).toHaveLength(1), SLOW);
    expect(api.sent('PUT /tipping-policy')[0]?.body).toEqual({ policy: 'All tips go to the driver, in full.' });
  });

  it('a manager reads it but cannot change it', async () => {
    fakeApi({
      'GET /session': sessionAnswer('manager@example.com', 'manager', 'Manager'),
      'GET /shop-settings': ok(DEFAULT_SETTINGS),
      'GET /tipping-policy': ok({ policy: DEFAULT_TIPPING_POLICY, updatedAt: null }),
    });
    renderWithProviders(<ShopSettingsPage />, { at: paths.shopSettings });
    const form = await screen.findByRole('form', { name: 'Tipping policy' }, SLOW);
    expect(within(form).getByRole('textbox', { name: /Policy/ })).toBeDisabled();
    expect(within(form).getByText('Only the owner can change the tipping policy.')).toBeVisible();
    expect(within(form).queryByRole('button', { name: 'Save policy' })).toBeNull();
  });
});
