import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeliveryZoneWire } from '@shop/shared/contract/delivery';
import { fakeApi, ok, refuse } from '../../../../test/fake-api';
import { fill, renderWithProviders } from '../../../../test/render';
import { DEFAULT_SETTINGS } from '../../../../test/shop-settings-fixture';
import { sessionAnswer } from '../../../../test/wire-fixtures';
import { paths } from '../../../lib/paths';
import { DeliveryZonesPage } from './delivery-zones-page';

// Decision 1001: the back office's Delivery zones screen, against a stand-in of the zones' routes
// that keeps what it is sent (the server's rules themselves are tested in modules/delivery).

function openZones(start: { shopPostcode: string | null; zones: DeliveryZoneWire[] }) {
  const state = { shopPostcode: start.shopPostcode, zones: [...start.zones] };
  let next = 1;
  const api = fakeApi({
    'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
    'GET /delivery-zones': () =>
      ok({ shopPostcode: state.shopPostcode, zones: [...state.zones].sort((a, b) => a.code.localeCompare(b.code)) }),
    'PUT /shop-settings': (request) => {
      state.shopPostcode = (request.body as { shopPostcode: string }).shopPostcode;
      state.zones = [{ _id: 'home', code: state.shopPostcode.split(' ')[0] ?? '', fee: 0, minimumOrder: 0 }];
      return ok({ ...DEFAULT_SETTINGS, shopPostcode: state.shopPostcode });
    },
    'POST /delivery-zones': (request) => {
      const body = request.body as Omit<DeliveryZoneWire, '_id'>;
      if (state.zones.some((zone) => zone.code === body.code)) {
        return refuse('DELIVERY_ZONE_EXISTS', `There is already a zone for ${body.code}: change its fee instead`);
      }
      const zone = { _id: `zone-${next++}`, ...body };
      state.zones.push(zone);
      return ok(zone, 201);
    },
    'PUT /delivery-zones/:id': (request, params) => {
      const zone = state.zones.find((z) => z._id === params.id);
      if (!zone) return refuse('DELIVERY_ZONE_NOT_FOUND', 'That delivery zone does not exist (it may have been removed)');
      Object.assign(zone, request.body);
      return ok(zone);
    },
    'DELETE /delivery-zones/:id': (_request, params) => {
      if (state.zones.length === 1) {
        return refuse('LAST_DELIVERY_ZONE', 'The shop needs at least one delivery zone while its post code is set');
      }
      state.zones = state.zones.filter((zone) => zone._id !== params.id);
      return ok({ deletedCount: 1 });
    },
  });
  return { api, state, ...renderWithProviders(<DeliveryZonesPage />, { at: paths.deliveryZones }) };
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Delivery zones' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].slice(0, 3).map((cell) => cell.textContent));

describe('the Delivery zones screen', () => {
  it('asks for the shop’s post code while it is not set, then shows the free home zone', async () => {
    const { api, user } = openZones({ shopPostcode: null, zones: [] });
    const form = await screen.findByRole('form', { name: 'The shop’s post code' });
    expect(within(form).getByText(/every UK post code is taken online with no delivery fee/)).toBeVisible();
    await fill(user, within(form).getByRole('textbox', { name: 'The shop’s post code' }), 'bs1 9zz');
    await user.click(within(form).getByRole('button', { name: 'Set post code' }));
    expect(await screen.findByText('BS1 9ZZ')).toBeVisible();
    expect(api.sent('PUT /shop-settings').map((request) => request.body)).toEqual([{ shopPostcode: 'BS1 9ZZ' }]);
    expect(rows()).toEqual([['BS1', 'Free', 'None']]);
    expect(screen.queryByRole('form', { name: 'The shop’s post code' })).toBeNull();
  });

  it('refuses a post code that is not a UK one before sending it', async () => {
    const { api, user } = openZones({ shopPostcode: null, zones: [] });
    const form = await screen.findByRole('form', { name: 'The shop’s post code' });
    await fill(user, within(form).getByRole('textbox', { name: 'The shop’s post code' }), '75001');
    await user.click(within(form).getByRole('button', { name: 'Set post code' }));
    expect(await within(form).findByText('Enter the shop’s UK post code, such as BS1 4DJ')).toBeVisible();
    expect(api.sent('PUT /shop-settings')).toEqual([]);
  });

  it('adds a zone normalised, checks the fields first, and shows the server’s refusal', async () => {
    const { api, user } = openZones({ shopPostcode: 'BS1 4DJ', zones: [{ _id: 'home', code: 'BS1', fee: 0, minimumOrder: 0 }] });
    const form = await screen.findByRole('form', { name: 'Add a zone' });
    const field = (name: RegExp) => within(form).getByRole('textbox', { name });

    await fill(user, field(/^Zone/), 'BS6 5AB');
    await fill(user, field(/^Delivery fee/), 'two');
    await user.click(within(form).getByRole('button', { name: 'Add zone' }));
    expect(within(form).getByText("Enter a post code district such as 'BS1' or a sector such as 'BS6 5'")).toBeVisible();
    expect(within(form).getByText('The delivery fee must be an amount from £0 to £100, such as 2.50')).toBeVisible();
    expect(api.sent('POST /delivery-zones')).toEqual([]);

    await fill(user, field(/^Zone/), ' bs6  5 ');
    await fill(user, field(/^Delivery fee/), '£2.50');
    await fill(user, field(/^Minimum order/), '15');
    await user.click(within(form).getByRole('button', { name: 'Add zone' }));
    expect(await within(form).findByText('BS6 5 saved: £2.50 delivery, £15.00 minimum order')).toBeVisible();
    expect(api.sent('POST /delivery-zones').map((request) => request.body)).toEqual([{ code: 'BS6 5', fee: 2.5, minimumOrder: 15 }]);
    expect(rows()).toEqual([
      ['BS1', 'Free', 'None'],
      ['BS6 5', '£2.50', '£15.00'],
    ]);

    await fill(user, field(/^Zone/), 'bs1');
    await fill(user, field(/^Delivery fee/), '1');
    await user.click(within(form).getByRole('button', { name: 'Add zone' }));
    expect(await within(form).findByText('There is already a zone for BS1: change its fee instead')).toBeVisible();
  });

  it('changes a zone’s fee, removes one, and says why the last one stays', async () => {
    const { user } = openZones({
      shopPostcode: 'BS1 4DJ',
      zones: [
        { _id: 'home', code: 'BS1', fee: 0, minimumOrder: 0 },
        { _id: 'bs6', code: 'BS6', fee: 2.5, minimumOrder: 15 },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Change BS6' }));
    const form = screen.getByRole('form', { name: 'Change zone BS6' });
    expect(within(form).getByRole('textbox', { name: /^Delivery fee/ })).toHaveValue('2.50');
    await fill(user, within(form).getByRole('textbox', { name: /^Delivery fee/ }), '3');
    await user.click(within(form).getByRole('button', { name: 'Save zone' }));
    expect(await screen.findByText('£3.00')).toBeVisible();
    expect(rows()).toEqual([
      ['BS1', 'Free', 'None'],
      ['BS6', '£3.00', '£15.00'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove BS6' }));
    await screen.findByRole('button', { name: 'Remove BS1' });
    expect(await screen.findByText('BS1')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Remove BS1' }));
    expect(await screen.findByText('The shop needs at least one delivery zone while its post code is set')).toBeVisible();
    expect(rows()).toEqual([['BS1', 'Free', 'None']]);
  });
});
