// Writes apps/web/public/sounds/new-order.wav, the back office's new-order chime (SPEC.md section 4): two soft bell
// tones a fifth apart (A5, then E6), synthesised here so the sound has no licence or download behind it.
// Run `node scripts/make-new-order-sound.mjs` after changing it and commit both files. The output is the same bytes
// on every run (no randomness), so an unchanged script leaves git with nothing to commit.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = fileURLToPath(new URL('../apps/web/public/sounds/new-order.wav', import.meta.url));

/** 16 kHz mono 16-bit PCM: the partials stay under 3 kHz, and 1.1 s is ~35 KB. */
const SAMPLE_RATE = 16_000;
const DURATION_S = 1.1;
/** Peak level of the mix, below full scale so no phone speaker or browser resampler clips it. */
const PEAK = 0.7;

/** A bell-like tone: a 6 ms attack, an exponential decay, and a quieter overtone that fades faster. */
const NOTES = [
  { start: 0, frequency: 880, decay: 0.28 },
  { start: 0.2, frequency: 1318.51, decay: 0.38 },
];
const OVERTONES = [
  { ratio: 2, gain: 0.25, decayScale: 0.45 },
  { ratio: 3, gain: 0.08, decayScale: 0.3 },
];
const ATTACK_S = 0.006;
/** The last 80 ms fade to silence, so the file ends without a click. */
const FADE_OUT_S = 0.08;

const frames = Math.round(SAMPLE_RATE * DURATION_S);
const mix = new Float64Array(frames);
for (const note of NOTES) {
  const first = Math.round(note.start * SAMPLE_RATE);
  for (let i = first; i < frames; i += 1) {
    const t = (i - first) / SAMPLE_RATE;
    const attack = Math.min(1, t / ATTACK_S);
    let sample = Math.sin(2 * Math.PI * note.frequency * t) * Math.exp(-t / note.decay);
    for (const overtone of OVERTONES) {
      sample +=
        overtone.gain * Math.sin(2 * Math.PI * note.frequency * overtone.ratio * t) * Math.exp(-t / (note.decay * overtone.decayScale));
    }
    mix[i] += attack * sample;
  }
}
const fadeFrames = Math.round(FADE_OUT_S * SAMPLE_RATE);
for (let i = 0; i < fadeFrames; i += 1) mix[frames - 1 - i] *= i / fadeFrames;

let loudest = 0;
for (const sample of mix) loudest = Math.max(loudest, Math.abs(sample));
const scale = (PEAK * 32767) / loudest;

const BYTES_PER_SAMPLE = 2;
const dataBytes = frames * BYTES_PER_SAMPLE;
const wav = Buffer.alloc(44 + dataBytes);
wav.write('RIFF', 0, 'ascii');
wav.writeUInt32LE(36 + dataBytes, 4);
wav.write('WAVE', 8, 'ascii');
wav.write('fmt ', 12, 'ascii');
wav.writeUInt32LE(16, 16); // fmt chunk size
wav.writeUInt16LE(1, 20); // PCM
wav.writeUInt16LE(1, 22); // mono
wav.writeUInt32LE(SAMPLE_RATE, 24);
wav.writeUInt32LE(SAMPLE_RATE * BYTES_PER_SAMPLE, 28); // byte rate
wav.writeUInt16LE(BYTES_PER_SAMPLE, 32); // block align
wav.writeUInt16LE(8 * BYTES_PER_SAMPLE, 34); // bits per sample
wav.write('data', 36, 'ascii');
wav.writeUInt32LE(dataBytes, 40);
for (let i = 0; i < frames; i += 1) wav.writeInt16LE(Math.round(mix[i] * scale), 44 + i * BYTES_PER_SAMPLE);

mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, wav);
console.info(`Wrote ${OUT} (${wav.length} bytes, ${DURATION_S} s at ${SAMPLE_RATE} Hz)`);
