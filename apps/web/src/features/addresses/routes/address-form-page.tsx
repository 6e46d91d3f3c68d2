import { useNavigate, useParams } from 'react-router';
import type { AddressWire } from '@shop/shared/contract/addresses';
import { Page } from '../../../components/page';
import { PageSpinner } from '../../../components/page-spinner';
import { Alert, ButtonLink } from '../../../components/ui';
import { useAddress } from '../api/address-api';
import { AddressForm } from '../components/address-form';
import { paths } from '../../../lib/paths';

/** The flash message /payment shows after an address was saved. */
export type AddressFlashState = { flash?: string };

/** The checkout's form: saved, the customer goes back to /payment, which shows the flash message. */
function CheckoutAddressForm({ stored }: { stored?: AddressWire }) {
  const navigate = useNavigate();
  return (
    <AddressForm
      stored={stored}
      onSaved={(flash) => {
        const state: AddressFlashState = { flash };
        void navigate(paths.payment, { state });
      }}
      extraAction={<ButtonLink to={paths.payment}>Back to checkout</ButtonLink>}
    />
  );
}

/** `/addaddress` adds an address, `/addaddress/:id` edits one. On success the customer goes to /payment. */
export function AddressFormPage() {
  const { id } = useParams();
  const address = useAddress(id);
  if (!id) {
    return (
      <Page title="Add Address">
        <CheckoutAddressForm />
      </Page>
    );
  }
  return (
    <Page title="Edit Address">
      {address.isPending && <PageSpinner label="Loading the address" />}
      {address.isError && <Alert severity="error">{address.error.message}</Alert>}
      {address.data && <CheckoutAddressForm key={address.data._id} stored={address.data} />}
    </Page>
  );
}
