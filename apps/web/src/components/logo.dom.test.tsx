import { screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { fakeApi, ok } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { Logo } from './logo';
import { Page } from './page';

const trader = (name: string) => ({
  name,
  address: ['4 Quay Street', 'Bristol BS1 4DJ'],
  phone: '0117 496 0321',
  email: 'hi@example.com',
  vatNumber: null,
});

it('names the shop by its trading name in the header and the browser tab', async () => {
  fakeApi({ 'GET /shop-trader': ok(trader('Harbourside Slice')) });
  renderWithProviders(
    <>
      <Logo />
      <Page title="Our Menu">menu</Page>
    </>,
  );
  expect(await screen.findByRole('link', { name: 'Harbourside Slice home' })).toHaveTextContent('Harbourside Slice');
  await waitFor(() => expect(document.title).toBe('Our Menu | Harbourside Slice'));
});
