import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DeliveryRun } from '@shop/shared/contract/dispatch';
import { LOADING } from '@shop/shared/domain/messages';
import { paths } from '../../../lib/paths';
import { shopClock } from '../../../lib/shop-clock';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCan, useSession } from '../../../lib/use-session';
import { useDriverRuns } from '../api/driver-api';
import { MyTips } from '../components/my-tips';
import { StopCard } from '../components/stop-card';
import { useDriverManifest } from '../lib/use-driver-manifest';
import { usePositionSharing, type PositionSharing } from '../lib/use-position-sharing';
import { useWakeLock, type WakeLockState } from '../lib/use-wake-lock';
import '../driver.css';

/** A run on the road: picked up, not finished. */
const underWay = (run: DeliveryRun) => run.startedAt !== null && run.finishedAt === null;

/** 'Run 1 · 3 stops · on the road since 18:45'. */
function runTitle(run: DeliveryRun, name: string): string {
  const stops = `${run.stops.length} ${run.stops.length === 1 ? 'stop' : 'stops'}`;
  if (run.finishedAt) return `${name} · ${stops} · finished ${shopClock(run.finishedAt)}`;
  if (run.startedAt) return `${name} · ${stops} · on the road since ${shopClock(run.startedAt)}`;
  return `${name} · ${stops} · at the shop`;
}

function sharingLine({ state, lastSentAt, shown }: PositionSharing): { text: string; warn: boolean } {
  switch (state) {
    case 'off':
      return { text: 'Your position is shared only while you are on a run.', warn: false };
    case 'waiting':
      return { text: 'Finding your position… Check location is on for this site.', warn: true };
    case 'sharing':
      return {
        text:
          shown === false
            ? `Position sent ${shopClock(lastSentAt)}, not shown to customers yet.`
            : `Sharing your position with your customers · sent ${shopClock(lastSentAt)}`,
        warn: false,
      };
    case 'failed':
      return { text: 'Your position did not reach the shop: trying again with the next one.', warn: true };
    case 'denied':
      return { text: 'Location is blocked: customers cannot see you on the map. Allow location for this site.', warn: true };
    case 'unavailable':
      return { text: 'This phone cannot share its position: customers will not see you on the map.', warn: true };
  }
}

function wakeLine(state: WakeLockState): { text: string; warn: boolean } | null {
  switch (state) {
    case 'off':
    case 'asking':
      return null;
    case 'on':
      return { text: 'The screen stays on while you deliver.', warn: false };
    case 'refused':
    case 'unsupported':
      return { text: 'The screen may turn off: this phone did not let the page keep it on. Tap it now and then.', warn: true };
  }
}

function StatusLine({ text, warn }: { text: string; warn: boolean }) {
  return (
    <p className={warn ? 'driver-status is-warn' : 'driver-status'} role="status">
      {text}
    </p>
  );
}

function Frame({ children, signOut }: { children: ReactNode; signOut?: ReactNode }) {
  return (
    <div className="driver-frame">
      <header className="driver-top">
        <span className="driver-top-title">Deliveries</span>
        {signOut}
      </header>
      <main id="main" tabIndex={-1} className="driver-main">
        {children}
      </main>
    </div>
  );
}

/** For a signed-in user who is not a driver: what the page is, and the way back. */
function NotADriver({ signOut }: { signOut?: ReactNode }) {
  useDocumentTitle('For drivers');
  return (
    <Frame signOut={signOut}>
      <h1 className="driver-h1">For the shop’s drivers</h1>
      <p className="driver-text">This page shows a driver the deliveries given to them. Your login is not a driver’s.</p>
      <p className="driver-text">
        <Link to={paths.home} className="driver-link">
          Go to the shop
        </Link>
      </p>
    </Frame>
  );
}

function Runs({ signOut }: { signOut?: ReactNode }) {
  useDocumentTitle('Deliveries');
  useDriverManifest();
  const { user } = useSession();
  const runs = useDriverRuns();
  const list = runs.data?.runs ?? [];
  const onTheRoad = list.some(underWay);
  const sharing = usePositionSharing(onTheRoad);
  const wake = wakeLine(useWakeLock(onTheRoad));
  const open = list.filter((run) => run.finishedAt === null);
  const done = list.filter((run) => run.finishedAt !== null);

  return (
    <Frame signOut={signOut}>
      <h1 className="driver-h1">{user ? `${user.username}’s runs today` : 'Runs today'}</h1>
      <StatusLine {...sharingLine(sharing)} />
      {wake && <StatusLine {...wake} />}
      {runs.isError && (
        <div className="driver-error-box" role="alert">
          <p className="driver-text">{runs.error.message}</p>
          <button type="button" className="driver-button" onClick={() => void runs.refetch()}>
            Try again
          </button>
        </div>
      )}
      {runs.isPending && <p className="driver-text">{LOADING}</p>}
      {runs.isSuccess && open.length === 0 && (
        <p className="driver-empty">
          {done.length > 0 ? 'Nothing more to deliver for now.' : 'No deliveries for you yet.'} The shop will give you some: this page shows
          them.
        </p>
      )}
      {open.map((run, index) => (
        <section key={run.id} className="driver-run" aria-label={`Run ${index + 1}`}>
          <h2 className="driver-h2">{runTitle(run, `Run ${index + 1}`)}</h2>
          <ol className="driver-stops">
            {[...run.stops]
              .sort((a, b) => a.position - b.position)
              .map((stop) => (
                <StopCard key={stop.orderId} stop={stop} />
              ))}
          </ol>
        </section>
      ))}
      {done.length > 0 && (
        <details className="driver-finished">
          <summary className="driver-h2">Finished today ({done.length})</summary>
          {done.map((run) => (
            <section key={run.id} className="driver-run" aria-label={`Finished ${shopClock(run.finishedAt)}`}>
              <h3 className="driver-h3">{runTitle(run, 'Run')}</h3>
              <ol className="driver-stops">
                {[...run.stops]
                  .sort((a, b) => a.position - b.position)
                  .map((stop) => (
                    <StopCard key={stop.orderId} stop={stop} />
                  ))}
              </ol>
            </section>
          ))}
        </details>
      )}
      <MyTips />
    </Frame>
  );
}

/**
 * /driver (decision 1703): the driver's phone. Today's runs in order, stop by stop; while a run is on the road the
 * page shares the phone's position and keeps the screen on. `signOut` is the app's Log Out, drawn in the top bar.
 */
export function DriverScreen({ signOut }: { signOut?: ReactNode }) {
  const isDriver = useCan('ownDeliveries');
  const { isLoading } = useSession();
  if (isLoading) return null;
  return isDriver ? <Runs signOut={signOut} /> : <NotADriver signOut={signOut} />;
}
