import { deliveryAreaLine } from '@shop/shared/domain/delivery-fee-range';
import { NO_REFUND_OUTSIDE_HOURS } from '@shop/shared/domain/messages';
import { weekLines, type OpeningHours, type OrderingStatus } from '@shop/shared/domain/opening-hours';
import { Alert } from '../../../components/ui';

/** The cut-off in words: 'Orders are not accepted in the last 15 minutes before closing.' */
function cutoffNotice(minutes: number): string {
  return minutes === 0 ? 'Orders are accepted until closing.' : `Orders are not accepted in the last ${minutes} minutes before closing.`;
}

/**
 * SPEC.md section 1: opening hours (the owner's, GET /api/opening-hours, decision 1400), the next special day, the
 * cut-off, refunds and where the shop delivers (its zones, from the quote's `deliveryArea`; undefined while it loads).
 */
export function StoreInformation({
  status,
  hours,
  deliveryArea,
}: {
  status: (OrderingStatus & { specialDay?: string | null }) | undefined;
  hours: OpeningHours | undefined;
  deliveryArea?: readonly string[] | null | undefined;
}) {
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
      {status?.specialDay && (
        <Alert severity="warning" className="checkout-hours-status">
          {status.specialDay}
        </Alert>
      )}
      {hours && (
        <div className="ui-table-wrap">
          <table className="ui-table is-small checkout-hours" aria-label="Opening hours">
            <tbody>
              {weekLines(hours).map((day) => (
                <tr key={day.day}>
                  <th scope="row">{day.day}</th>
                  <td>{day.hours}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ul className="checkout-notices">
        <li>{cutoffNotice(hours?.cutoffMinutes ?? 15)}</li>
        <li>{NO_REFUND_OUTSIDE_HOURS}</li>
        {deliveryArea !== undefined && <li>{deliveryAreaLine(deliveryArea)}.</li>}
      </ul>
    </section>
  );
}
