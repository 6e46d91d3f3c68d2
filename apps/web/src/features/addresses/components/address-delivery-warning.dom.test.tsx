import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeliveryCheckAnswer } from '@shop/shared/contract/delivery';
import { fakeApi, ok } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { addressWire, sessionAnswer } from '../../../../test/wire-fixtures';
import { AddressForm } from './address-form';

// Decision 1001: The address form warns at once when its post code is outside every delivery zone,
// with the shop's phone, and says nothing for one inside.

const OUTSIDE = 'We do not deliver to BS9 online: call us on 0117 496 0123 to arrange delivery';
const CHECKS: Record<string, DeliveryCheckAnswer> = {
  'BS9 1AA': { delivers: false, postcode: 'BS9 1AA', zone: null, fee: 0, minimumOrder: 0, message: OUTSIDE },
  'BS1 4DJ': { delivers: true, postcode: 'BS1 4DJ', zone: 'BS1', fee: 0, minimumOrder: 0, message: null },
};

function openForm(stored?: Parameters<typeof AddressForm>[0]['stored']) {
  const api = fakeApi({
    'GET /session': sessionAnswer('ada@example.co.uk'),
    'GET /delivery-check': (request) => ok(CHECKS[request.query.get('postcode') ?? '']),
  });
  return { api, ...renderWithProviders(<AddressForm label="Add address" stored={stored} onSaved={() => undefined} />) };
}

describe('the address form’s delivery warning', { timeout: 30_000 }, () => {
  it('warns as soon as the post code is whole and outside every zone, and clears for one inside', async () => {
    const { api, user } = openForm();
    const form = screen.getByRole('form', { name: 'Add address' });
    const postcode = within(form).getByLabelText(/^Post code/);
    await user.click(postcode);
    await user.paste('bs9');
    expect(api.sent('GET /delivery-check')).toEqual([]);
    await user.paste('1aa');
    expect(await within(form).findByTestId('delivery-warning', {}, { timeout: 5000 })).toHaveTextContent(OUTSIDE);
    expect(api.sent('GET /delivery-check').map((request) => request.query.get('postcode'))).toEqual(['BS9 1AA']);

    await user.clear(postcode);
    await user.paste('BS1 4DJ');
    await waitFor(() => expect(api.sent('GET /delivery-check')).toHaveLength(2));
    await waitFor(() => expect(within(form).queryByTestId('delivery-warning')).toBeNull());
  });

  it('warns about a saved address being edited', async () => {
    openForm(addressWire({ postcode: 'BS9 1AA' }));
    expect(await screen.findByTestId('delivery-warning', {}, { timeout: 5000 })).toHaveTextContent(OUTSIDE);
  });
});
