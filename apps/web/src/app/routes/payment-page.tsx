import { useState } from 'react';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { useSession } from '../../lib/use-session';
import { useAddresses } from '../../features/addresses/api/address-api';
import { AddressPicker } from '../../features/addresses/components/address-picker';
import { BACK_TO_PAYMENT, CheckoutChoice } from '../../features/checkout/components/checkout-choice';
import { PaymentScreen } from '../../features/checkout/components/payment-screen';
import { readGuestChoice, storeGuestChoice } from '../../features/checkout/lib/guest-details';
import { paths } from '../../lib/paths';

const tabStorage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.sessionStorage);

/** `/payment` for a signed-in customer: checkout, with the addresses feature's list of their addresses to deliver to. */
function CustomerPayment({ email }: { email: string }) {
  const addresses = useAddresses(email);
  return (
    <PaymentScreen
      savedAddressIds={addresses.data?.map((address) => address._id)}
      renderAddressPicker={(slot) => <AddressPicker email={email} {...slot} />}
      postcodeOf={(id) => addresses.data?.find((address) => address._id === id)?.postcode ?? null}
    />
  );
}

const NO_SAVED_ADDRESSES: readonly string[] = [];

/**
 * `/payment` for a visitor (decision 1502): first Sign in or Continue as guest; a guest then checks out with their
 * details and a typed address. The choice is kept in the tab, so a reload does not ask again.
 */
function VisitorPayment() {
  const [asGuest, setAsGuest] = useState(() => readGuestChoice(tabStorage()));
  if (!asGuest)
    return (
      <Page title="Checkout">
        <CheckoutChoice
          onGuest={() => {
            storeGuestChoice(tabStorage(), true);
            setAsGuest(true);
          }}
        />
      </Page>
    );
  return (
    <PaymentScreen
      savedAddressIds={NO_SAVED_ADDRESSES}
      renderAddressPicker={() => null}
      guest={{
        signIn: (
          <Link className="text-link ui-body2" to={paths.signin} state={BACK_TO_PAYMENT}>
            Have an account? Sign in
          </Link>
        ),
      }}
    />
  );
}

/** `/payment`: checkout, for a signed-in customer or a visitor. */
export function PaymentPage() {
  const { user } = useSession();
  return user ? <CustomerPayment email={user.email} /> : <VisitorPayment />;
}
