import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { POSTCODE_MESSAGE } from '@shop/shared/contract/addresses';
import { fakeApi, ok, refuse } from '../../../../test/fake-api';
import { fill, renderWithProviders } from '../../../../test/render';
import { sessionAnswer } from '../../../../test/wire-fixtures';
import { AddressForm } from './address-form';

// The server's refusal of a field stands under that field, and the field says it is invalid and what is wrong.

const PHONE_WORDS = 'Please enter a phone number of 10 to 15 digits';

function openForm(refusal: string) {
  const api = fakeApi({
    'GET /session': sessionAnswer('ada@example.co.uk'),
    'GET /delivery-check': ok({ delivers: true, postcode: 'BS1 4DJ', zone: null, fee: 0, minimumOrder: 0, message: null }),
    'POST /address-collection': refuse('VALIDATION_FAILED', refusal),
  });
  return { api, ...renderWithProviders(<AddressForm label="Add address" onSaved={() => undefined} />) };
}

async function fillAll(user: ReturnType<typeof openForm>['user'], postcode: string) {
  const form = screen.getByRole('form', { name: 'Add address' });
  await fill(user, within(form).getByLabelText(/^Full name/), 'Ada Lovelace');
  await fill(user, within(form).getByLabelText(/^Email/), 'ada@example.co.uk');
  await fill(user, within(form).getByLabelText(/^Phone number/), '0770');
  await fill(user, within(form).getByLabelText(/^Address line/), '1 Engine Row');
  await fill(user, within(form).getByLabelText(/^Town\/City/), 'Bristol');
  await fill(user, within(form).getByLabelText(/^Post code/), postcode);
  await user.click(within(form).getByRole('button', { name: 'Done' }));
  return form;
}

describe('the address form’s errors', () => {
  it('puts the server’s words for the post code under the post code, marked invalid and describing it', async () => {
    const { user } = openForm(`postcode: ${POSTCODE_MESSAGE}`);
    const form = await fillAll(user, 'nowhere');
    const postcode = within(form).getByRole('textbox', { name: /^Post code/ });
    expect(await within(form).findByText(POSTCODE_MESSAGE)).toBeVisible();
    expect(postcode).toHaveAttribute('aria-invalid', 'true');
    expect(postcode).toHaveAccessibleDescription(POSTCODE_MESSAGE);
    expect(postcode).toHaveFocus();
    // The other fields are not marked, and no banner repeats it.
    expect(within(form).getByRole('textbox', { name: /^Town\/City/ })).not.toHaveAttribute('aria-invalid');
    expect(within(form).queryByRole('alert')).toBeNull();

    // Changing the field clears its error.
    await user.type(postcode, 'x');
    expect(postcode).not.toHaveAttribute('aria-invalid');
    expect(within(form).queryByText(POSTCODE_MESSAGE)).toBeNull();
  });

  it('marks each field the server names', async () => {
    const { user } = openForm(`phone: ${PHONE_WORDS}; postcode: ${POSTCODE_MESSAGE}`);
    const form = await fillAll(user, 'nowhere');
    const phone = within(form).getByRole('textbox', { name: /^Phone number/ });
    expect(await within(form).findByText(PHONE_WORDS)).toBeVisible();
    expect(phone).toHaveAccessibleDescription(PHONE_WORDS);
    expect(phone).toHaveFocus();
    expect(within(form).getByRole('textbox', { name: /^Post code/ })).toHaveAccessibleDescription(POSTCODE_MESSAGE);
  });

  it('keeps a refusal that names no field in the form’s alert', async () => {
    const { user } = openForm('Something else went wrong');
    const form = await fillAll(user, 'BS1 4DJ');
    expect(await within(form).findByRole('alert')).toHaveTextContent('Something else went wrong');
  });
});
