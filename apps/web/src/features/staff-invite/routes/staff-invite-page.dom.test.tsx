import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INVITE_NOT_FOUND } from '@shop/shared/contract/staff';
import { PASSWORD_TOO_SHORT } from '@shop/shared/domain/account-rules';
import { fakeApi, ok, refuse } from '../../../../test/fake-api';
import { fill, renderWithProviders } from '../../../../test/render';
import { paths, staffInvitePath } from '../../../lib/paths';
import { StaffInvitePage } from './staff-invite-page';

const TOKEN = 'tok-123';
const trader = { name: 'Luigi’s Pizza', address: ['1 High St'], phone: '020 7946 0000', email: 'hi@luigi.example', vatNumber: null };

function openInvite(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /shop-trader': ok(trader),
    'GET /staff-invites/:token': ok({ email: 'kit@example.com', name: 'Kit Cook', role: 'kitchen' }),
    'POST /staff-invites/:token': ok({ user: { email: 'kit@example.com', username: 'Kit Cook', role: 'kitchen' } }),
    ...routes,
  });
  const rendered = renderWithProviders(<StaffInvitePage />, {
    at: staffInvitePath(TOKEN),
    route: paths.staffInvite,
    routes: { [paths.orderList]: <h1>Order List</h1> },
  });
  return { api, ...rendered };
}

describe('the invitation’s page', () => {
  it('names the shop and the role, and sets the password: the member is signed in and taken to their first screen', async () => {
    const { api, user } = openInvite();
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Luigi’s Pizza as Kitchen' })).toBeVisible();
    await fill(user, screen.getByLabelText(/^Password/), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Join the team' }));
    expect(await screen.findByRole('heading', { name: 'Order List' })).toBeVisible();
    expect(api.sent('POST /staff-invites/:token').map((request) => [request.path, request.body])).toEqual([
      [`/staff-invites/${TOKEN}`, { password: 'a long password' }],
    ]);
  });

  it('keeps registration’s password rules, before sending', async () => {
    const { api, user } = openInvite();
    await fill(user, await screen.findByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Join the team' }));
    expect(await screen.findByText(PASSWORD_TOO_SHORT)).toBeVisible();
    expect(api.sent('POST /staff-invites/:token')).toHaveLength(0);
  });

  it('says so when the link is unknown, used or expired', async () => {
    openInvite({ 'GET /staff-invites/:token': refuse('INVITE_NOT_FOUND', INVITE_NOT_FOUND) });
    expect(await screen.findByText(INVITE_NOT_FOUND)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Join the team' })).not.toBeInTheDocument();
  });
});
