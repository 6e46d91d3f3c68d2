import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LoyaltyAnswer } from '@shop/shared/contract/loyalty';
import { fakeApi, ok } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { sessionAnswer } from '../../../../test/wire-fixtures';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/use-session';
import { ProfilePage } from './profile-page';

function SignedInProfile() {
  const { user } = useSession();
  return user ? <ProfilePage /> : null;
}

const open = (loyalty: LoyaltyAnswer) => {
  fakeApi({ 'GET /session': sessionAnswer('ada@example.co.uk'), 'GET /loyalty': ok(loyalty) });
  return renderWithProviders(<SignedInProfile />, { at: paths.myProfile });
};

describe('the stamp card on My Profile', () => {
  it('shows the stamps collected and the reward they lead to', async () => {
    open({
      enabled: true,
      stamps: 3,
      needed: 8,
      rewardReady: false,
      reward: { kind: 'product', label: 'Stamp card: free Garlic Bread', condition: 'Add a Garlic Bread to your order to take it free' },
      entries: [
        { entry: 'reversed', stamps: -1, orderId: '65f000000000000000c0ffee', at: '2026-11-19T20:00:00.000Z' },
        { entry: 'earned', stamps: 1, orderId: '65f000000000000000c0ffee', at: '2026-11-18T19:00:00.000Z' },
      ],
    });
    const section = await screen.findByRole('region', { name: 'Stamp card' });
    expect(within(section).getByText('3 of 8 stamps')).toBeVisible();
    expect(within(section).getByText('8 stamps give you free Garlic Bread')).toBeVisible();
    const entries = within(within(section).getByRole('list', { name: 'Latest stamps' })).getAllByRole('listitem');
    expect(entries.map((item) => item.textContent)).toEqual([
      '19/11/2026 · Order c0ffee · Stamp taken back: the order was canceled or refunded (-1)',
      '18/11/2026 · Order c0ffee · Stamp earned (+1)',
    ]);
  });

  it('says a full card’s reward is ready', async () => {
    open({
      enabled: true,
      stamps: 8,
      needed: 8,
      rewardReady: true,
      reward: { kind: 'amount', label: 'Stamp card: £5.00 off', condition: null },
      entries: [],
    });
    const section = await screen.findByRole('region', { name: 'Stamp card' });
    expect(within(section).getByText('Your reward is ready: £5.00 off')).toBeVisible();
  });

  it('shows no card while the shop runs none', async () => {
    open({ enabled: false, stamps: 0, needed: 0, rewardReady: false, reward: null, entries: [] });
    await screen.findByRole('textbox', { name: 'Email' });
    expect(screen.queryByRole('region', { name: 'Stamp card' })).toBeNull();
  });
});
