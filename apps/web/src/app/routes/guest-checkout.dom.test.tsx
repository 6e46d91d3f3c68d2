import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CartLine } from '@shop/shared/contract/cart';
import { DEFAULT_OPENING_HOURS, orderingStatus } from '@shop/shared/domain/opening-hours';
import { GUEST_ADDRESS_REASON, GUEST_DETAILS_REASON } from '../../features/checkout/lib/payment-checks';
import { GUEST_CHOICE_KEY, GUEST_STORAGE_KEY } from '../../features/checkout/lib/guest-details';
import { fakeApi, ok, refuse, type FakeHandler } from '../../../test/fake-api';
import { fill, renderWithProviders } from '../../../test/render';
import { cartQuoteRoute, productWire } from '../../../test/wire-fixtures';
import { PaymentPage } from './payment-page';

// A visitor at checkout (decision 1502): Sign in or Continue as guest; a guest's details and typed address, checked
// beside Pay, refused by the server under the field it names, kept in the tab; the order lands on its tracking page.

const margherita = productWire({ title: 'Margherita', category: 'Pizza', regularDiscount: 7.99, mediumDiscount: 12.99 });
const BASKET: Array<{ line: CartLine; display: { title: string; imageUrl: null; category: string } }> = [
  { line: { productId: margherita._id, quantity: 2, size: 'm' }, display: { title: 'Margherita', imageUrl: null, category: 'Pizza' } },
];
const OPEN = orderingStatus(new Date('2026-11-27T19:00:00Z'), DEFAULT_OPENING_HOURS);
const TOKEN = 'tRk_0123456789abcdefghij';

afterEach(() => window.sessionStorage.clear());

function openCheckout(routes: Record<string, FakeHandler | ReturnType<typeof ok>> = {}) {
  const api = fakeApi({
    'GET /session': ok({ user: null }),
    'GET /payment-config': ok({ provider: 'test', publishableKey: null, testMode: true }),
    'GET /opening-status': ok(OPEN),
    'POST /cart/quote': cartQuoteRoute([margherita]),
    'GET /delivery-check': ok({ delivers: true, fee: 0, minimumOrder: 10, message: null }),
    ...routes,
  });
  const rendered = renderWithProviders(<PaymentPage />, {
    at: '/payment',
    cart: BASKET,
    routes: { '/track/:token': <h1>Tracking</h1>, '/signin': <h1>Sign in</h1> },
  });
  return { api, ...rendered };
}

async function continueAsGuest(user: ReturnType<typeof openCheckout>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Continue as guest' }));
}

async function fillDetails(user: ReturnType<typeof openCheckout>['user']) {
  const details = await screen.findByRole('region', { name: 'Your details' });
  await fill(user, within(details).getByRole('textbox', { name: 'Full name' }), 'Ada Lovelace');
  await fill(user, within(details).getByRole('textbox', { name: 'Email' }), 'ada@example.com');
  await fill(user, within(details).getByRole('textbox', { name: 'Phone number' }), '07700 900123');
}

async function fillAddress(user: ReturnType<typeof openCheckout>['user']) {
  const address = screen.getByRole('group', { name: 'Delivery address' });
  await fill(user, within(address).getByRole('textbox', { name: 'Address line' }), '12 Engine Row');
  await fill(user, within(address).getByRole('textbox', { name: 'Town/City' }), 'Bristol');
  await fill(user, within(address).getByRole('textbox', { name: 'Post code' }), 'bs1 4dj');
}

describe('a visitor at checkout', () => {
  it('is offered Sign in (back to the payment after) or Continue as guest, and nothing else yet', async () => {
    const { user } = openCheckout();
    const choice = await screen.findByRole('region', { name: 'How would you like to check out?' });
    expect(within(choice).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    await user.click(within(choice).getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect((window.history.state as { usr?: unknown }).usr).toEqual({ from: { pathname: '/payment' } });
  });

  it('as a guest: Pay says what is missing, the details first, then the address; a mistyped field says so once left', async () => {
    const { user } = openCheckout();
    await continueAsGuest(user);
    const pay = await screen.findByRole('button', { name: 'Pay £25.98' });
    await waitFor(() => expect(pay).toHaveAccessibleDescription(GUEST_DETAILS_REASON));
    expect(pay).toBeDisabled();
    // No saved address picker for a guest: the address is typed.
    expect(screen.queryByText(/saved address/)).toBeNull();

    const email = screen.getByRole('textbox', { name: 'Email' });
    await fill(user, email, 'ada@');
    await user.tab();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');

    await fillDetails(user);
    expect(email).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(pay).toHaveAccessibleDescription(GUEST_ADDRESS_REASON));
    await fillAddress(user);
    await waitFor(() => expect(pay).toBeEnabled());
    expect(pay).not.toHaveAccessibleDescription(/./);
  });

  it('places a guest’s cash delivery with their details and typed address, then opens its tracking page', async () => {
    const { api, user } = openCheckout({
      'POST /buy-product': ok({ insertedId: '65f0000000000000000000aa', trackingUrl: `/track/${TOKEN}` }, 201),
    });
    await continueAsGuest(user);
    await fillDetails(user);
    await fillAddress(user);
    await user.click(screen.getByRole('radio', { name: 'Cash On Delivery' }));
    await user.click(await screen.findByRole('button', { name: 'Place order £25.98' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm order' }));

    expect(await screen.findByRole('heading', { name: 'Tracking' })).toBeVisible();
    expect(window.location.pathname).toBe(`/track/${TOKEN}`);
    expect(api.sent('POST /buy-product')[0]?.body).toEqual({
      items: BASKET.map((entry) => entry.line),
      paymentType: 'Cash',
      status: 'Pending Order',
      note: '',
      guest: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '07700 900123' },
      address: { address: '12 Engine Row', address2: '', city: 'Bristol', postcode: 'bs1 4dj' },
    });
  });

  it('collects with the details alone: no address, no second name and phone', async () => {
    const { api, user } = openCheckout({
      'GET /shop-trader': ok({ name: 'Harbourside Slice', address: ['1 Quay St', 'Bristol BS1 4DJ'] }),
      'POST /buy-product': ok({ insertedId: '65f0000000000000000000ab', trackingUrl: `/track/${TOKEN}` }, 201),
    });
    await continueAsGuest(user);
    await user.click(await screen.findByRole('radio', { name: 'Collection' }));
    expect(screen.queryByRole('group', { name: 'Delivery address' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Your name' })).toBeNull();
    await fillDetails(user);
    await user.click(screen.getByRole('radio', { name: 'Pay on collection' }));
    await user.click(await screen.findByRole('button', { name: 'Place order £25.98' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByRole('heading', { name: 'Tracking' })).toBeVisible();
    expect(api.sent('POST /buy-product')[0]?.body).toMatchObject({
      fulfilment: 'collection',
      guest: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '07700 900123' },
    });
    expect(api.sent('POST /buy-product')[0]?.body).not.toHaveProperty('address');
  });

  it('shows the server’s refusal under the fields it names, the first one focused', async () => {
    const { user } = openCheckout({
      'POST /create-payment-intent': refuse(
        'VALIDATION_FAILED',
        'guest.email: Please enter a valid email address; address.postcode: Please enter a UK post code such as SW1A 1AA',
      ),
    });
    await continueAsGuest(user);
    await fillDetails(user);
    await fillAddress(user);
    await fill(user, screen.getByRole('textbox', { name: 'Card number' }), '4242424242424242');
    await fill(user, screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '1230');
    await fill(user, screen.getByRole('textbox', { name: 'CVC' }), '123');
    await user.click(await screen.findByRole('button', { name: 'Pay £25.98' }));

    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveAccessibleDescription('Please enter a valid email address'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Post code' })).toHaveAccessibleDescription('Please enter a UK post code such as SW1A 1AA');
    expect(screen.getByRole('textbox', { name: 'Town/City' })).not.toHaveAttribute('aria-invalid');
    // Changed, the field's error goes.
    await fill(user, email, 'ada@example.org');
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('keeps the choice and the details in the tab: a reload does not lose them', async () => {
    const first = openCheckout();
    await continueAsGuest(first.user);
    await fillDetails(first.user);
    await waitFor(() =>
      expect(JSON.parse(window.sessionStorage.getItem(GUEST_STORAGE_KEY) ?? '{}')).toMatchObject({ name: 'Ada Lovelace' }),
    );
    expect(window.sessionStorage.getItem(GUEST_CHOICE_KEY)).toBe('yes');
    first.unmount();

    openCheckout();
    const details = await screen.findByRole('region', { name: 'Your details' });
    expect(within(details).getByRole('textbox', { name: 'Full name' })).toHaveValue('Ada Lovelace');
    expect(within(details).getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
    expect(within(details).getByRole('textbox', { name: 'Phone number' })).toHaveValue('07700 900123');
    expect(screen.queryByRole('button', { name: 'Continue as guest' })).toBeNull();
  });
});
