// Draws the web app manifest's icons (apps/web/public/icons/*.png) from the shop's logo, the pizza slice of
// index.html's favicon and top bar. Run it after changing the logo: `node apps/web/build/make-icons.mjs`.
// The PNGs are committed, so a build needs no image library.
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const THEME = '#5b4bdb';
const SLICE = `<path d="M14 18 Q32 8 50 18 L32 54 Z" fill="#ffc94d"/>
  <path d="M14 18 Q32 8 50 18 L47 24 Q32 15 17 24 Z" fill="#e08a2e"/>
  <circle cx="30" cy="28" r="4" fill="#d6453d"/>
  <circle cx="38" cy="35" r="3.5" fill="#d6453d"/>
  <circle cx="31" cy="42" r="3" fill="#d6453d"/>`;

/** The favicon's look: a rounded purple tile with the slice on it. */
const anyIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="14" fill="${THEME}"/>${SLICE}</svg>`;

/**
 * A maskable icon fills its square (the phone cuts its own shape out of it) and keeps what matters inside the
 * central circle of 80% of its width: the slice is drawn at 70% around the centre.
 */
const maskableIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="${THEME}"/>
  <g transform="translate(32 32) scale(0.7) translate(-32 -32)">${SLICE}</g></svg>`;

const out = (name) => fileURLToPath(new URL(`../public/icons/${name}`, import.meta.url));

const icons = [
  { svg: anyIcon, size: 192, file: 'icon-192.png' },
  { svg: anyIcon, size: 512, file: 'icon-512.png' },
  { svg: maskableIcon, size: 192, file: 'maskable-192.png' },
  { svg: maskableIcon, size: 512, file: 'maskable-512.png' },
];
for (const { svg, size, file } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(out(file));
  console.info(`apps/web/public/icons/${file}`);
}
