import { screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeApi } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { BannerForm } from './banner-form';

// jsdom has no object URLs; the preview only needs an address for its <img>.
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
beforeEach(() => {
  URL.createObjectURL = () => 'blob:http://localhost/banner';
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  URL.createObjectURL = objectUrls.create;
  URL.revokeObjectURL = objectUrls.revoke;
});

it('previews a chosen banner in a wide frame, as the offers strip shows it, not cut to a circle', async () => {
  fakeApi();
  const { user } = renderWithProviders(<BannerForm />, { at: '/banner' });
  const banner = new File([new Uint8Array(2048)], 'winter-offers.png', { type: 'image/png' });
  await user.upload(screen.getByLabelText('Banner image'), banner);

  const preview = await screen.findByRole('img', { name: 'Banner image preview' });
  expect(screen.getByText('winter-offers.png')).toBeVisible();
  const frame = getComputedStyle(preview.parentElement as HTMLElement);
  expect(frame.borderRadius).not.toBe('50%');
  // No fixed 144 px square: the frame's height follows its width at the strip's 16:7.
  expect(frame.height).not.toBe('144px');
});
