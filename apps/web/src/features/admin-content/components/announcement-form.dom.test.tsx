import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { NOTIFICATION_SENT } from '@shop/shared/domain/messages';
import { deferred, fakeApi, ok, refuse, type FakeAnswer } from '../../../../test/fake-api';
import { fill, renderWithProviders } from '../../../../test/render';
import { AnnouncementForm } from './announcement-form';

// A notice goes to every customer: pressed twice, or retried after an error, it must still be sent once.

it('sends one request for a double press of Submit, and keeps Submit off until the answer', async () => {
  const answer = deferred<FakeAnswer>();
  const api = fakeApi({ 'POST /allnotification': () => answer.promise });
  const { user } = renderWithProviders(<AnnouncementForm />, { at: '/addnotification' });
  await fill(user, screen.getByRole('textbox', { name: 'Title' }), 'Closed Monday');
  await fill(user, screen.getByRole('textbox', { name: 'Description' }), 'Back on Tuesday at noon');

  const submit = screen.getByRole('button', { name: 'Submit' });
  // Two presses in one go, before React has drawn anything, as a fast double click or a bouncing key can.
  fireEvent.click(submit);
  fireEvent.click(submit);
  await waitFor(() => expect(submit).toBeDisabled());
  fireEvent.click(submit);
  expect(api.sent('POST /allnotification')).toHaveLength(1);
  expect(api.sent('POST /allnotification')[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{32,36}$/);

  answer.resolve(ok({ insertedId: '65f0000000000000000000aa' }, 201));
  expect(await screen.findByText(NOTIFICATION_SENT)).toBeVisible();
  expect(api.sent('POST /allnotification')).toHaveLength(1);
});

it('retries with the same Idempotency-Key after an error, and a new one for a new notice', async () => {
  let calls = 0;
  const api = fakeApi({
    'POST /allnotification': () =>
      ++calls === 1 ? refuse('BUSY_TRY_AGAIN', 'Busy: try again') : ok({ insertedId: '65f0000000000000000000ab' }, 201),
  });
  const { user } = renderWithProviders(<AnnouncementForm />, { at: '/addnotification' });
  await fill(user, screen.getByRole('textbox', { name: 'Title' }), 'Closed Monday');
  await fill(user, screen.getByRole('textbox', { name: 'Description' }), 'Back on Tuesday at noon');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Busy: try again')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText(NOTIFICATION_SENT)).toBeVisible();

  await fill(user, screen.getByRole('textbox', { name: 'Title' }), 'Open Monday after all');
  await fill(user, screen.getByRole('textbox', { name: 'Description' }), 'Usual hours');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(api.sent('POST /allnotification')).toHaveLength(3));
  const keys = api.sent('POST /allnotification').map((request) => request.headers.get('idempotency-key'));
  expect(keys[1]).toBe(keys[0]);
  expect(keys[2]).not.toBe(keys[0]);
});
