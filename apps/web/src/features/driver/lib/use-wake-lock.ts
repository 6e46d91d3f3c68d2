import { useEffect, useState } from 'react';

/**
 * - off: not asked (no run under way).
 * - asking: asked, no answer yet.
 * - on: the screen stays on.
 * - refused: the browser said no (battery saver, a page not in front).
 * - unsupported: this browser has no Screen Wake Lock.
 */
export type WakeLockState = 'off' | 'asking' | 'on' | 'refused' | 'unsupported';

/**
 * While `active`, keeps the phone's screen on (`navigator.wakeLock.request('screen')`). The browser lets the lock go
 * whenever the page is hidden, so it is asked again each time the page comes back into view.
 */
export function useWakeLock(active: boolean): WakeLockState {
  const [state, setState] = useState<WakeLockState>('asking');
  const wakeLock = typeof navigator !== 'undefined' && 'wakeLock' in navigator ? navigator.wakeLock : undefined;

  useEffect(() => {
    if (!active || !wakeLock) return undefined;
    let stopped = false;
    let held: WakeLockSentinel | null = null;
    const request = () => {
      if (document.visibilityState !== 'visible') return;
      wakeLock.request('screen').then(
        (sentinel) => {
          if (stopped) {
            void sentinel.release();
            return;
          }
          held = sentinel;
          setState('on');
        },
        () => {
          if (!stopped) setState('refused');
        },
      );
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible' && (held === null || held.released)) request();
    };
    request();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void held?.release();
      setState('asking');
    };
  }, [active, wakeLock]);

  if (!active) return 'off';
  return wakeLock ? state : 'unsupported';
}
