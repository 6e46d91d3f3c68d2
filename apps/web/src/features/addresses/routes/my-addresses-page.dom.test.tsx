import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AddressInput, AddressWire } from '@shop/shared/contract/addresses';
import { ADDRESS_ADDED, ADDRESS_DELETED, ADDRESS_UPDATED } from '@shop/shared/domain/messages';
import { fakeApi, ok } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { addressWire, sessionAnswer, wireId } from '../../../../test/wire-fixtures';
import { paths } from '../../../lib/paths';
import { MyAddressesPage } from './my-addresses-page';

const EMAIL = 'ada@example.co.uk';

/** Types a value as a paste (one input event): the same change as typing it, without a render per key. */
async function fill(user: UserEvent, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

/** The addresses routes over one customer's list, as the server keeps it (oldest first). */
function addressBook(initial: AddressWire[]) {
  const book = [...initial];
  const api = fakeApi({
    'GET /session': sessionAnswer(EMAIL),
    'GET /get-address-by-email/:email': () => ok([...book]),
    'POST /address-collection': (request) => {
      const address: AddressWire = { _id: wireId(), lastname: '', address2: '', ...(request.body as AddressInput) };
      book.push(address);
      return ok({ insertedId: address._id }, 201);
    },
    'PUT /address-collection/:id': (request, { id }) => {
      const index = book.findIndex((address) => address._id === id);
      book[index] = { ...book[index]!, ...(request.body as Partial<AddressInput>) };
      return ok({ modifiedCount: 1 });
    },
    'DELETE /address-collection/:id': (_request, { id }) => {
      const index = book.findIndex((address) => address._id === id);
      if (index >= 0) book.splice(index, 1);
      return ok({ deletedCount: index >= 0 ? 1 : 0 });
    },
  });
  return { api, book };
}

// A whole form typed in jsdom: slow on a busy machine, so more time than the default 30 s.
describe('My Addresses, outside checkout and with nothing in the cart', { timeout: 60_000 }, () => {
  it('adds an address with the address form', async () => {
    const { api } = addressBook([]);
    const { user } = renderWithProviders(<MyAddressesPage />, { at: paths.myAddresses });
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    const form = screen.getByRole('form', { name: 'Add address' });
    await fill(user, within(form).getByLabelText(/^Full name/), 'Grace Hopper');
    await fill(user, within(form).getByLabelText(/^Email/), 'grace@example.com');
    await fill(user, within(form).getByLabelText(/^Phone number/), '07700900456');
    await fill(user, within(form).getByLabelText(/^Address line/), '1 Compiler Close');
    await fill(user, within(form).getByLabelText(/^Town\/City/), 'Bristol');
    await fill(user, within(form).getByLabelText(/^Post code/), 'BS1 4DJ');
    await user.click(within(form).getByRole('button', { name: 'Done' }));

    expect(await screen.findByText(ADDRESS_ADDED)).toBeVisible();
    const saved = within(await screen.findByRole('list', { name: 'Saved addresses' }));
    expect(saved.getByRole('listitem')).toHaveTextContent('Grace Hopper1 Compiler Close, Bristol, BS1 4DJ');
    expect(screen.queryByRole('form', { name: 'Add address' })).not.toBeInTheDocument();
    expect(api.sent('POST /address-collection')[0]?.body).toMatchObject({ firstname: 'Grace', lastname: 'Hopper', city: 'Bristol' });
    expect(window.location.pathname).toBe(paths.myAddresses);
  });

  it('edits an address in place, a blank field keeping its value, and deletes one after asking', async () => {
    const home = addressWire({ address: '12 High Street', city: 'Leeds', postcode: 'LS1 4AP' });
    const work = addressWire({ address: '3 Mill Lane', city: 'York', postcode: 'YO1 7HH' });
    const { book } = addressBook([home, work]);
    const { user } = renderWithProviders(<MyAddressesPage />, { at: paths.myAddresses });

    await user.click(await screen.findByRole('button', { name: 'Edit address 12 High Street, Leeds, LS1 4AP' }));
    const form = screen.getByRole('form', { name: 'Edit address' });
    expect(within(form).getByLabelText(/^Town\/City/)).toHaveValue('Leeds');
    await user.clear(within(form).getByLabelText(/^Address line/));
    await fill(user, within(form).getByLabelText(/^Address line/), '14 High Street');
    await user.clear(within(form).getByLabelText(/^Post code/));
    await user.click(within(form).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText(ADDRESS_UPDATED)).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Edit address 14 High Street, Leeds, LS1 4AP' })).toBeVisible();
    expect(book[0]).toMatchObject({ address: '14 High Street', postcode: 'LS1 4AP' });

    await user.click(screen.getByRole('button', { name: 'Delete address 3 Mill Lane, York, YO1 7HH' }));
    const dialog = screen.getByRole('dialog', { name: 'Do you want to delete this address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(ADDRESS_DELETED)).toBeVisible();
    expect(book).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Delete address 3 Mill Lane/ })).not.toBeInTheDocument();
  });
});
