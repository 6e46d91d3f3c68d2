import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SavedCard } from '@shop/shared/contract/payment-methods';
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

const CARD: SavedCard = { id: 'pm_test_9', brand: 'mastercard', last4: '4444', expMonth: 1, expYear: 2031, needsCvc: false };

describe('saved cards on My Profile', () => {
  it('lists the saved cards and removes one after asking', async () => {
    let cards = [CARD];
    const api = fakeApi({
      'GET /session': sessionAnswer('ada@example.co.uk'),
      'GET /payment-methods': () => ok(cards),
      'DELETE /payment-methods/:id': (_request, params) => {
        cards = cards.filter((card) => card.id !== params.id);
        return ok({ removed: true });
      },
    });
    const { user } = renderWithProviders(<SignedInProfile />, { at: paths.myProfile });
    const section = await screen.findByRole('region', { name: 'Saved cards' });
    expect(within(section).getByText('Mastercard ending 4444')).toBeVisible();
    expect(within(section).getByText('Expires 01/31')).toBeVisible();

    await user.click(within(section).getByRole('button', { name: 'Remove Mastercard ending 4444' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this card?' });
    expect(api.sent('DELETE /payment-methods/:id')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Saved cards' })).toBeNull());
    expect(api.sent('DELETE /payment-methods/:id').map((request) => request.path)).toEqual(['/payment-methods/pm_test_9']);
  });
});
