import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** SPEC.md section 9: the new-order alert sound repeats every 2000 ms. */
export const SOUND_REPEAT_MS = 2000;

export interface RepeatingSound {
  /** For the `<audio>` element the sound plays through (kept in the DOM, so a browser test can watch it). */
  ref: RefObject<HTMLAudioElement | null>;
  /** The browser refused to play before a user gesture (NotAllowedError): the popup offers 'Enable sound'. */
  blocked: boolean;
  /** From a click ('Enable sound'): plays now, which the gesture allows, and starts the repetition again. */
  enable: () => void;
}

/**
 * Plays the audio element at once and every SOUND_REPEAT_MS while `ringingFor` names something (the order shown),
 * from the start again when it names something else, and stops when it is null. Each play that starts adds one to
 * the element's `data-play-count`. When the browser refuses to play (autoplay is blocked until the admin interacts
 * with the page), the repetition stops and `blocked` is set, until `enable` is called from a click.
 */
export function useRepeatingSound(ringingFor: string | null): RepeatingSound {
  const ref = useRef<HTMLAudioElement | null>(null);
  const [blocked, setBlocked] = useState(false);
  const resumeRef = useRef<(() => void) | null>(null);

  useEffect(() => {
    const audio = ref.current;
    if (ringingFor === null || !audio) return undefined;
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
          audio.dataset.playCount = String(Number(audio.dataset.playCount ?? '0') + 1);
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
      timer = window.setInterval(ring, SOUND_REPEAT_MS);
    };
    resumeRef.current = start;
    start();
    return () => {
      stopped = true;
      resumeRef.current = null;
      stopRepeating();
      audio.pause();
      audio.currentTime = 0;
    };
  }, [ringingFor]);

  const enable = useCallback(() => {
    resumeRef.current?.();
  }, []);

  return { ref, blocked: ringingFor !== null && blocked, enable };
}
