import { lazy, Suspense } from 'react';
import type { DeliveryProgress } from '@shop/shared/contract/dispatch';
import { shopDateTime } from '@shop/shared/domain/dates';
import { deliveryStages, stopsBeforeLine } from '@shop/shared/domain/delivery-progress';

// Leaflet is loaded only when a map is shown: it stays out of the storefront's first load.
const DeliveryMap = lazy(() => import('./delivery-map'));

/**
 * A delivery's progress as the tracking page and the customer's order page show it (decision 1702): each stage with
 * the time it happened, and while it is on the way the stops before this one, the driver's first name, the arrival
 * time from the stops left and, when the shop has map tiles, the driver's last position on a map.
 */
export function DeliveryProgressPanel({ progress }: { progress: DeliveryProgress }) {
  const stages = deliveryStages(progress);
  const onTheWay = progress.onTheWayAt !== null && progress.deliveredAt === null;
  return (
    <div className="ui-stack delivery-progress">
      <ol aria-label="Delivery progress" className="ui-list track-timeline">
        {stages.map((stage) => (
          <li key={stage.key} aria-current={stage.state === 'current' ? 'step' : undefined} className={`track-step is-${stage.state}`}>
            <span aria-hidden="true" className="track-dot" />
            <div>
              <p className="ui-p track-step-label">{stage.label}</p>
              <p className="ui-p ui-body2 ui-muted">
                {stage.at ? `${stage.at.date} at ${stage.at.time}` : stage.state === 'done' ? 'Done' : 'Still to come'}
              </p>
            </div>
          </li>
        ))}
      </ol>
      {onTheWay && (
        <div role="status" aria-label="Your delivery" className="ui-stack">
          {progress.stopsBefore !== null && <p className="ui-p delivery-stops">{stopsBeforeLine(progress.stopsBefore)}</p>}
          {progress.driverName && <p className="ui-p">{progress.driverName} is bringing your order.</p>}
          {progress.arrivesAt && <p className="ui-p">Arriving at about {shopDateTime(new Date(progress.arrivesAt)).time}</p>}
          {progress.position && (
            <p className="ui-p ui-body2 ui-muted">Driver last seen at {shopDateTime(new Date(progress.position.at)).time}</p>
          )}
        </div>
      )}
      {onTheWay && progress.map && progress.position && (
        <Suspense fallback={<p className="ui-p ui-muted">Loading the map…</p>}>
          <DeliveryMap tileUrl={progress.map.tileUrl} attribution={progress.map.attribution} position={progress.position} />
        </Suspense>
      )}
    </div>
  );
}
