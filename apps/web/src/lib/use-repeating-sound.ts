import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Whether an alert rings: not at all, every SOUND_REPEAT_MS, or twice as often at full volume (late). */
export type RingMode = 'off' | 'normal' | 'late';

/** The back office's alert chime: the new-order popup's, and the late print job banner's. */
export const ALERT_SOUND_URL = '/sounds/new-order.wav';

/** SPEC.md section 9: the new-order alert sound repeats every 2000 ms. */
export const SOUND_REPEAT_MS = 2000;
/** An order waiting past the shop's lateAfterMinutes: the chime repeats twice as often, at full volume. */
export const LATE_REPEAT_MS = 1000;
export const SOUND_VOLUME: Record<Exclude<RingMode, 'off'>, number> = { normal: 0.6, late: 1 };
const REPEAT_MS: Record<Exclude<RingMode, 'off'>, number> = { normal: SOUND_REPEAT_MS, late: LATE_REPEAT_MS };

export interface RepeatingSound {
  /** For the `<audio>` element the sound plays through (kept in the DOM, so a browser test can watch it). */
  ref: RefObject<HTMLAudioElement | null>;
  /** The browser refused to play before a user gesture (NotAllowedError): the popup offers 'Enable sound'. */
  blocked: boolean;
  /** From a click ('Enable sound'): plays now, which the gesture allows, and starts the repetition again. */
  enable: () => void;
  /** Plays once, unless the chime is repeating already (an order accepted on arrival). */
  ringOnce: () => void;
}

function countPlay(audio: HTMLAudioElement): void {
  audio.dataset.playCount = String(Number(audio.dataset.playCount ?? '0') + 1);
}

/**
 * Plays the audio element at once and then repeatedly while `mode` is not 'off': every SOUND_REPEAT_MS at
 * SOUND_VOLUME.normal, or every LATE_REPEAT_MS at full volume when an order is late; it stops when `mode` is 'off'
 * (nothing waits). Each play that starts adds one to the element's `data-play-count`. When the browser refuses to
 * play (autoplay is blocked until the admin interacts with the page), the repetition stops and `blocked` is set,
 * until `enable` is called from a click.
 */
export function useRepeatingSound(mode: RingMode): RepeatingSound {
  const ref = useRef<HTMLAudioElement | null>(null);
  const [blocked, setBlocked] = useState(false);
  const resumeRef = useRef<(() => void) | null>(null);

  useEffect(() => {
    const audio = ref.current;
    if (mode === 'off' || !audio) return undefined;
    let stopped = false;
    let timer: number | undefined;
    const stopRepeating = () => {
      window.clearInterval(timer);
      timer = undefined;
    };
    const ring = () => {
      audio.currentTime = 0;
      audio.play().then(
        () => {
          if (stopped) return;
          countPlay(audio);
          setBlocked(false);
        },
        (error: unknown) => {
          // AbortError and the like: stopped (paused) before it started, which is what was asked.
          if (stopped || !(error instanceof DOMException) || error.name !== 'NotAllowedError') return;
          stopRepeating();
          setBlocked(true);
          console.info('The browser blocked the new-order sound until the page is clicked: the popup offers Enable sound');
        },
      );
    };
    const start = () => {
      stopRepeating();
      ring();
      timer = window.setInterval(ring, REPEAT_MS[mode]);
    };
    audio.volume = SOUND_VOLUME[mode];
    resumeRef.current = start;
    start();
    return () => {
      stopped = true;
      resumeRef.current = null;
      stopRepeating();
      audio.pause();
      audio.currentTime = 0;
    };
  }, [mode]);

  const enable = useCallback(() => {
    resumeRef.current?.();
  }, []);

  const ringOnce = useCallback(() => {
    const audio = ref.current;
    if (!audio || resumeRef.current !== null) return;
    audio.volume = SOUND_VOLUME.normal;
    audio.currentTime = 0;
    audio.play().then(
      () => countPlay(audio),
      () => undefined,
    );
  }, []);

  return { ref, blocked: mode !== 'off' && blocked, enable, ringOnce };
}
