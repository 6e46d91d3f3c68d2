import { useParams } from 'react-router';
import { OrderCardPayment } from '../../features/checkout/components/card-payment';
import { openTrackPayment } from '../../features/tracking/api/tracking-api';
import { TrackingScreen } from '../../features/tracking/components/tracking-screen';
import { showToast } from '../../lib/toast';
import { trackPath } from '../../lib/paths';

/**
 * `/track/:token`: the tracking feature's page, with checkout's card form for an order waiting for its card (a
 * payment link, a guest's card order not paid yet), which pays through the link's own payment.
 */
export function TrackPage() {
  const { token = '' } = useParams();
  return (
    <TrackingScreen
      token={token}
      renderPayment={(slot) => (
        <OrderCardPayment
          amountLabel={slot.amountLabel}
          startPayment={async () => ({ ...(await openTrackPayment(slot.token)), trackingUrl: trackPath(slot.token) })}
          onPaid={slot.onPaid}
          onError={(message) => showToast(message, 'error')}
        />
      )}
    />
  );
}
