// The repeating chime lives in src/lib (the late print job banner rings it too); the popup imports it from here.
export { LATE_REPEAT_MS, SOUND_REPEAT_MS, SOUND_VOLUME, useRepeatingSound, type RepeatingSound } from '../../../lib/use-repeating-sound';
