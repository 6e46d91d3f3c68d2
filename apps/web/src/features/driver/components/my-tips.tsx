import { useQuery } from '@tanstack/react-query';
import type { DriverTipsAnswer } from '@shop/shared/contract/cash-up';
import { monthLabel } from '@shop/shared/domain/driver-cash-up';
import { api } from '../../../lib/api';
import { formatWirePounds } from '../../../lib/money';

type TipMonth = DriverTipsAnswer['months'][number];

/** Where a month's tips stand, in the driver's words. */
function monthStatus(month: TipMonth): string {
  if (month.status === 'paid') return month.paidLate ? 'paid (late)' : 'paid';
  if (month.status === 'overdue') return `overdue: due by ${month.dueDate}`;
  return `${month.status === 'open' ? 'so far, ' : ''}to be paid by ${month.dueDate}`;
}

/**
 * The driver's own tips statement (the Tips Act: a worker may ask for their record; decision 1701): each month's
 * tips, in full, what was paid out and by when it is due. Asked only when opened.
 */
export function MyTips() {
  const tips = useQuery({
    queryKey: ['driver-tips'],
    queryFn: ({ signal }) => api.get<DriverTipsAnswer>('/driver/tips', { signal }),
    enabled: false,
  });
  const months = [...(tips.data?.months ?? [])].reverse();
  return (
    <details
      className="driver-finished"
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open) void tips.refetch();
      }}
    >
      <summary className="driver-h2">My tips</summary>
      {tips.isFetching && !tips.data && <p className="driver-text">Loading your tips…</p>}
      {tips.isError && (
        <p className="driver-error" role="alert">
          {tips.error.message}
        </p>
      )}
      {tips.data && (
        <section aria-label="My tips" className="driver-run">
          <p className="driver-text">
            Received {formatWirePounds(tips.data.total.received)}, paid out {formatWirePounds(tips.data.total.paid)}. Every tip is yours in
            full, paid by the end of the month after.
          </p>
          {months.length === 0 ? (
            <p className="driver-text">No tips yet.</p>
          ) : (
            <ul className="driver-stops">
              {months.map((month) => (
                <li key={month.month} className="driver-text">
                  <strong>{monthLabel(month.month)}</strong>: {formatWirePounds(month.received)} from {month.orders}{' '}
                  {month.orders === 1 ? 'order' : 'orders'}, {monthStatus(month)}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </details>
  );
}
