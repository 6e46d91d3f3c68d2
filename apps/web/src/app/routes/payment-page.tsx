import { useSession } from '../../lib/use-session';
import { useAddresses } from '../../features/addresses/api/address-api';
import { AddressPicker } from '../../features/addresses/components/address-picker';
import { PaymentScreen } from '../../features/checkout/components/payment-screen';

/** `/payment`: checkout, with the addresses feature's list of the customer's addresses to deliver to. */
export function PaymentPage() {
  const { user } = useSession();
  const email = user?.email ?? '';
  const addresses = useAddresses(email);
  return (
    <PaymentScreen
      savedAddressIds={addresses.data?.map((address) => address._id)}
      renderAddressPicker={(slot) => <AddressPicker email={email} {...slot} />}
      postcodeOf={(id) => addresses.data?.find((address) => address._id === id)?.postcode ?? null}
    />
  );
}
