import { useEffect, useState } from 'react';
import { sendLocation } from '../api/driver-api';
import { shouldSend, type Fix } from './position-throttle';

/**
 * - off: no run under way, nothing shared.
 * - waiting: asked the phone, no fix yet (or none for a while: indoors, location off).
 * - sharing: the last fix reached the shop.
 * - failed: the last fix did not reach the shop; the next one is sent at once.
 * - denied: the driver (or the phone's settings) refused the position.
 * - unavailable: this browser has no geolocation.
 */
export type SharingState = 'off' | 'waiting' | 'sharing' | 'failed' | 'denied' | 'unavailable';

export interface PositionSharing {
  state: SharingState;
  /** When the last fix reached the shop (ISO). */
  lastSentAt: string | null;
  /** Whether the shop shows that fix to customers (false: too far from the last one in too short a time). */
  shown: boolean | null;
}

const GEO_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 10_000, timeout: 30_000 };
/** The contract's largest accuracy, in metres: a coarser fix is sent as this. */
const MAX_ACCURACY_M = 100_000;

/**
 * While `active` (a run under way), watches the phone's position (`navigator.geolocation.watchPosition`) and sends it
 * to the shop (`POST /api/driver/location`), thinned by `shouldSend`. Stops watching when the run ends or the page
 * closes: the position is shared only while the driver has this page open on a run.
 */
const OFF: PositionSharing = { state: 'off', lastSentAt: null, shown: null };
const WAITING: PositionSharing = { state: 'waiting', lastSentAt: null, shown: null };
const UNAVAILABLE: PositionSharing = { state: 'unavailable', lastSentAt: null, shown: null };

export function usePositionSharing(active: boolean): PositionSharing {
  const [sharing, setSharing] = useState<PositionSharing>(WAITING);
  const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;

  useEffect(() => {
    if (!active || !geolocation) return undefined;
    let stopped = false;
    let last: Fix | null = null;
    const watch = geolocation.watchPosition(
      (position) => {
        const fix: Fix = { lat: position.coords.latitude, lng: position.coords.longitude, at: Date.now() };
        if (!shouldSend(last, fix)) return;
        last = fix;
        const accuracy = Number.isFinite(position.coords.accuracy)
          ? Math.min(Math.max(position.coords.accuracy, 0), MAX_ACCURACY_M)
          : undefined;
        sendLocation({ lat: fix.lat, lng: fix.lng, ...(accuracy === undefined ? {} : { accuracy }) }).then(
          (answer) => {
            if (!stopped) setSharing({ state: 'sharing', lastSentAt: new Date().toISOString(), shown: answer.shown });
          },
          () => {
            // The next fix goes at once rather than after the wait.
            last = null;
            if (!stopped) setSharing((current) => ({ ...current, state: 'failed' }));
          },
        );
      },
      (error) => {
        if (stopped) return;
        const denied = error.code === error.PERMISSION_DENIED;
        setSharing((current) => ({ ...current, state: denied ? 'denied' : current.state === 'sharing' ? 'sharing' : 'waiting' }));
      },
      GEO_OPTIONS,
    );
    return () => {
      stopped = true;
      geolocation.clearWatch(watch);
      // The next run starts afresh.
      setSharing(WAITING);
    };
  }, [active, geolocation]);

  if (!active) return OFF;
  return geolocation ? sharing : UNAVAILABLE;
}
