import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ShopSettingsWire } from '@shop/shared/contract/settings';
import { fakeApi, ok, refuse, type FakeHandler } from '../../../../test/fake-api';
import { fill, renderWithProviders } from '../../../../test/render';
import { DEFAULT_SETTINGS } from '../../../../test/shop-settings-fixture';
import { sessionAnswer } from '../../../../test/wire-fixtures';
import { paths } from '../../../lib/paths';
import { ShopSettingsPage } from './shop-settings-page';

const DEFAULTS: ShopSettingsWire = DEFAULT_SETTINGS;

function openSettings(put: FakeHandler = (request) => ok({ ...DEFAULTS, ...(request.body as object) })) {
  const api = fakeApi({
    'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
    'GET /shop-settings': ok(DEFAULTS),
    'PUT /shop-settings': put,
  });
  const rendered = renderWithProviders(<ShopSettingsPage />, { at: paths.shopSettings });
  return { api, ...rendered };
}

const form = () => screen.findByRole('form', { name: 'Order timers' });
const lateField = (within_: HTMLElement) => within(within_).getByRole('textbox', { name: 'Mark a waiting order late after' });
const rejectField = (within_: HTMLElement) => within(within_).getByRole('textbox', { name: 'Reject an unanswered order after' });

describe('the shop settings screen', () => {
  it('shows the shop’s settings, each with what it does, and saves only what changed', async () => {
    const { api, user } = openSettings();
    const settings = await form();
    expect(lateField(settings)).toHaveValue('5');
    expect(rejectField(settings)).toHaveValue('10');
    const autoAccept = within(settings).getByRole('switch', { name: 'Accept every order on arrival' });
    expect(autoAccept).not.toBeChecked();
    expect(within(settings).getByText(/A late order is marked Late and the chime rings louder/)).toBeVisible();
    expect(within(settings).getByText(/0 = never/)).toBeVisible();
    expect(within(settings).getByText(/the chime still rings once/)).toBeVisible();

    await fill(user, lateField(settings), '3');
    await user.click(autoAccept);
    await user.click(within(settings).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved')).toBeVisible();
    expect(api.sent('PUT /shop-settings').map((request) => request.body)).toEqual([{ lateAfterMinutes: 3, autoAccept: true }]);
    await waitFor(async () => expect(lateField(await form())).toHaveValue('3'));
  });

  it('0 turns the auto-reject off', async () => {
    const { api, user } = openSettings();
    const settings = await form();
    await fill(user, rejectField(settings), '0');
    await user.click(within(settings).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT /shop-settings').map((request) => request.body)).toEqual([{ autoRejectAfterMinutes: 0 }]));
  });

  it('refuses numbers out of range under their field before sending, and warns when the timers cross', async () => {
    const { api, user } = openSettings();
    const settings = await form();
    await fill(user, lateField(settings), '0');
    await fill(user, rejectField(settings), '500');
    await user.click(within(settings).getByRole('button', { name: 'Save' }));
    expect(within(settings).getByText('Enter a whole number of minutes from 1 to 60')).toBeVisible();
    expect(within(settings).getByText('Enter a whole number of minutes from 0 to 120')).toBeVisible();
    expect(lateField(settings)).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('PUT /shop-settings')).toEqual([]);

    await fill(user, lateField(settings), '8');
    await fill(user, rejectField(settings), '6');
    expect(within(settings).getByText(/Orders will be rejected before they are marked late/)).toBeVisible();
  });

  it('puts the server’s refusal under its field, or above Save', async () => {
    let answer = refuse('VALIDATION_FAILED', 'lateAfterMinutes: too long');
    answer = {
      ...answer,
      body: { ...(answer.body as object), fields: { lateAfterMinutes: 'lateAfterMinutes is too long for this shop' } },
    };
    const { user, api } = openSettings(() => answer);
    const settings = await form();
    await fill(user, lateField(settings), '30');
    await user.click(within(settings).getByRole('button', { name: 'Save' }));
    expect(await within(settings).findByText('lateAfterMinutes is too long for this shop')).toBeVisible();

    api.on('PUT /shop-settings', refuse('FORBIDDEN', 'Only the shop’s staff may change its settings'));
    await user.click(within(settings).getByRole('button', { name: 'Save' }));
    expect(await within(settings).findByRole('alert')).toHaveTextContent('Only the shop’s staff may change its settings');
  });
});
