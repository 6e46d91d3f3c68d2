import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { sessionAnswer } from '../../../test/wire-fixtures';
import { paths } from '../../lib/paths';
import { AdminLayout } from './admin-layout';

it('the back office’s navigation leads to the shop settings', async () => {
  fakeApi({ 'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin') });
  renderWithProviders(<AdminLayout />, { at: paths.dashboard });
  const nav = screen.getAllByRole('navigation', { name: 'Admin' })[0]!;
  expect(await within(nav).findByRole('link', { name: 'Settings' })).toHaveAttribute('href', paths.shopSettings);
});
