/** What is left until `until` at `now`, as a countdown reads: '4:05', '59:59', '1:29:59'; '0:00' once passed. */
export function countdownText(until: Date, now: Date): string {
  const seconds = Math.max(0, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** The back office's busy mode choices: extra minutes, and for how long (null: until turned off). */
export const BUSY_EXTRA_CHOICES = [15, 30, 45] as const;
export const BUSY_FOR_CHOICES = [30, 60, 90, null] as const;
/** The pause's choices (point 3): minutes, or the rest of today ('untilEndOfDay'). */
export const PAUSE_FOR_CHOICES = [15, 30, 60, 'untilEndOfDay'] as const;

/** A choice's words: '+30 min for 60 min', '+15 min until turned off'. */
export function busyChoiceLabel(extra: number, forMinutes: number | null): string {
  return forMinutes === null ? `+${extra} min until turned off` : `+${extra} min for ${forMinutes} min`;
}

/** 'Stop taking orders for 15 min', 'Stop taking orders for the rest of today'. */
export function pauseChoiceLabel(choice: (typeof PAUSE_FOR_CHOICES)[number]): string {
  return choice === 'untilEndOfDay' ? 'Stop taking orders for the rest of today' : `Stop taking orders for ${choice} min`;
}
