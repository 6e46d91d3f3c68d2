import { DELIVERY_RADIUS_NOTICE, NO_REFUND_OUTSIDE_HOURS, ORDER_CUTOFF_NOTICE } from '@shop/shared/domain/messages';
import { dayHoursText, OPENING_HOURS, type OrderingStatus } from '@shop/shared/domain/opening-hours';
import { Alert } from '../../../components/ui';

/** SPEC.md section 1: opening hours, the 15-minute cut-off, refunds and the delivery radius. */
export function StoreInformation({ status }: { status: OrderingStatus | undefined }) {
  return (
    <section aria-labelledby="store-info-heading" className="ui-surface">
      <h2 id="store-info-heading" className="checkout-title">
        Store information
      </h2>
      {status && (
        <Alert severity={status.acceptingOrders ? 'info' : 'warning'} className="checkout-hours-status">
          {status.message}
        </Alert>
      )}
      <div className="ui-table-wrap">
        <table className="ui-table is-small checkout-hours" aria-label="Opening hours">
          <tbody>
            {OPENING_HOURS.map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.day}</th>
                <td>{dayHoursText(day)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="checkout-notices">
        <li>{ORDER_CUTOFF_NOTICE}</li>
        <li>{NO_REFUND_OUTSIDE_HOURS}</li>
        <li>{DELIVERY_RADIUS_NOTICE}</li>
      </ul>
    </section>
  );
}
