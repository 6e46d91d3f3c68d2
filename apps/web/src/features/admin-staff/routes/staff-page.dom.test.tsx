import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LAST_OWNER, type StaffMember } from '@shop/shared/contract/staff';
import { fakeApi, ok, refuse } from '../../../../test/fake-api';
import { fill, renderWithProviders } from '../../../../test/render';
import { DEFAULT_SETTINGS } from '../../../../test/shop-settings-fixture';
import { sessionAnswer } from '../../../../test/wire-fixtures';
import { paths } from '../../../lib/paths';
import { StaffPage } from './staff-page';

const owner: StaffMember = {
  id: 'u1',
  email: 'owner@example.com',
  name: 'Olive Owner',
  role: 'owner',
  status: 'active',
  invitedAt: null,
  joinedAt: '2026-01-05T10:00:00.000Z',
};
const cook: StaffMember = {
  id: 'u2',
  email: 'kit@example.com',
  name: 'Kit Cook',
  role: 'kitchen',
  status: 'invited',
  invitedAt: '2026-11-27T10:00:00.000Z',
  joinedAt: '2026-11-27T10:00:00.000Z',
};

function staffApi(members: StaffMember[], routes: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /session': sessionAnswer('owner@example.com', 'owner', 'Olive Owner'),
    'GET /shop-settings': ok(DEFAULT_SETTINGS),
    'GET /staff': ok({ staff: members }),
    ...routes,
  });
}

const row = async (name: string) => (await screen.findByRole('cell', { name: new RegExp(name) })).closest('tr')!;

describe('the Staff screen', () => {
  it('lists each member with their e-mail, role, whether they joined, and the day', async () => {
    staffApi([owner, cook]);
    renderWithProviders(<StaffPage />, { at: paths.staff });
    const you = await row('Olive Owner');
    expect(you).toHaveTextContent('Olive Owner (you)owner@example.comOwnerActive5 Jan 2026');
    expect(await row('Kit Cook')).toHaveTextContent('Kit Cookkit@example.comKitchenInvited 27 Nov 2026Not yet');
  });

  it('invites someone: the role is described, the invitation is sent, and the toast says to whom', async () => {
    const api = staffApi([owner], {
      'POST /staff': (request) => {
        const body = request.body as { email: string; name: string; role: 'counter' };
        return ok({ member: { ...cook, id: 'u3', ...body } }, 201);
      },
    });
    const { user } = renderWithProviders(<StaffPage />, { at: paths.staff });
    await user.click(await screen.findByRole('button', { name: 'Invite staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member of staff' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'Sam Till');
    await fill(user, within(dialog).getByRole('textbox', { name: 'E-mail' }), 'sam@example.com');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: /^Counter/ }));
    expect(within(dialog).getByText(/refunds up to £5\.00 an order/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to sam@example.com')).toBeVisible();
    expect(api.sent('POST /staff').map((request) => request.body)).toEqual([
      { email: 'sam@example.com', name: 'Sam Till', role: 'counter' },
    ]);
  });

  it('checks the e-mail before sending, and shows the server’s refusal of one that has an account', async () => {
    const api = staffApi([owner], { 'POST /staff': refuse('EMAIL_TAKEN', 'This e-mail already has an account.') });
    const { user } = renderWithProviders(<StaffPage />, { at: paths.staff });
    await user.click(await screen.findByRole('button', { name: 'Invite staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member of staff' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'Sam Till');
    await fill(user, within(dialog).getByRole('textbox', { name: 'E-mail' }), 'not an e-mail');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('POST /staff')).toHaveLength(0);

    await fill(user, within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This e-mail already has an account.');
  });

  it('asks before removing, naming the person, then removes them', async () => {
    const api = staffApi([owner, cook], { 'DELETE /staff/:id': { status: 204 } });
    const { user } = renderWithProviders(<StaffPage />, { at: paths.staff });
    await user.click(await screen.findByRole('button', { name: 'Remove Kit Cook' }));
    const ask = await screen.findByRole('dialog', { name: 'Remove Kit Cook from the staff?' });
    expect(ask).toHaveTextContent('kit@example.com can no longer sign in');
    expect(api.sent('DELETE /staff/:id')).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Kit Cook was removed from the staff')).toBeVisible();
    expect(api.sent('DELETE /staff/:id').map((request) => request.path)).toEqual(['/staff/u2']);
  });

  it('shows why the last owner cannot be removed', async () => {
    staffApi([owner], { 'DELETE /staff/:id': refuse('LAST_OWNER', LAST_OWNER) });
    const { user } = renderWithProviders(<StaffPage />, { at: paths.staff });
    await user.click(await screen.findByRole('button', { name: 'Remove Olive Owner' }));
    const ask = await screen.findByRole('dialog', { name: 'Remove Olive Owner from the staff?' });
    await user.click(within(ask).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LAST_OWNER);
  });

  it('changes a member’s role', async () => {
    const api = staffApi([owner, cook], { 'PUT /staff/:id': ok({ member: { ...cook, role: 'manager' } }) });
    const { user } = renderWithProviders(<StaffPage />, { at: paths.staff });
    await user.click(await screen.findByRole('button', { name: 'Change Kit Cook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Kit Cook' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: /^Manager/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Kit Cook is now Manager')).toBeVisible();
    expect(api.sent('PUT /staff/:id').map((request) => request.body)).toEqual([{ role: 'manager' }]);
  });
});
