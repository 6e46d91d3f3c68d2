// Compares two folders of screenshots (scripts/storefront-screens.mjs makes them: `<screen>-<width>.png`), pixel by
// pixel, and writes `<out>/index.html` with each pair side by side, a picture of where they differ and the share of
// pixels that differ; prints the same as a table.
//
// Usage: node scripts/compare-screens.mjs <before folder> <after folder> [--out <folder>] [--tolerance 0-255]
//                                         [--root <repo checkout with node_modules>]
//
// The PNGs are decoded by Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH) through Playwright: both images
// drawn on a canvas and read back with getImageData (no image package needed). Two images of different sizes are
// compared over the larger of each dimension, a pixel that only one of them has counting as different. A pixel differs
// when one of its channels differs by more than --tolerance (default 0: any change). The diff picture shows the
// `after` image faded, with the differing pixels red. --out defaults to `<after folder>-compare`.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string' },
    tolerance: { type: 'string', default: '0' },
    root: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (options.help || positionals.length !== 2) {
  console.info('Usage: node scripts/compare-screens.mjs <before folder> <after folder> [--out <folder>] [--tolerance 0-255]');
  process.exit(options.help ? 0 : 2);
}

const [BEFORE, AFTER] = positionals.map((folder) => path.resolve(folder));
const OUT = path.resolve(options.out ?? `${AFTER.replace(/\/+$/, '')}-compare`);
const TOLERANCE = Number(options.tolerance);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

for (const folder of [BEFORE, AFTER]) {
  if (!existsSync(folder)) {
    console.error(`No folder ${folder}`);
    process.exit(2);
  }
}

async function loadChromium() {
  const bases = [
    ...(options.root ? [path.join(path.resolve(options.root), 'package.json')] : []),
    path.join(process.cwd(), 'package.json'),
    import.meta.filename,
  ];
  for (const base of bases) {
    const require = createRequire(base);
    for (const name of ['playwright', '@playwright/test', 'playwright-core']) {
      try {
        const module = await import(pathToFileURL(require.resolve(name)).href);
        const chromium = module.chromium ?? module.default?.chromium;
        if (chromium) return chromium;
      } catch {
        /* try the next one */
      }
    }
  }
  throw new Error('Playwright not found (give --root <a checkout with node_modules>)');
}

const pngs = (folder) => new Set(readdirSync(folder).filter((name) => name.endsWith('.png')));
const before = pngs(BEFORE);
const after = pngs(AFTER);
/** Screens in the order the shooting script took them (its screens.json), then any other PNG by name. */
function ordered(names) {
  const order = [];
  for (const folder of [BEFORE, AFTER]) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(folder, 'screens.json'), 'utf8'));
      for (const entry of manifest.taken ?? []) if (!order.includes(entry.file)) order.push(entry.file);
    } catch {
      /* no manifest */
    }
  }
  const rank = (name) => (order.includes(name) ? order.indexOf(name) : order.length);
  return [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
const names = ordered(new Set([...before, ...after]));

/** In the page: both data URLs decoded and compared; the diff picture as a PNG data URL. */
function comparePair({ a, b, tolerance }) {
  const load = (source) =>
    new Promise((resolve, reject) => {
      const image = new Image();
      image.onload = () => resolve(image);
      image.onerror = () => reject(new Error('not a PNG the browser can decode'));
      image.src = source;
    });
  const pixels = (image, width, height) => {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    context.drawImage(image, 0, 0);
    return context.getImageData(0, 0, width, height).data;
  };
  return Promise.all([load(a), load(b)]).then(async ([first, second]) => {
    const width = Math.max(first.naturalWidth, second.naturalWidth);
    const height = Math.max(first.naturalHeight, second.naturalHeight);
    const one = pixels(first, width, height);
    const two = pixels(second, width, height);
    const diff = new ImageData(width, height);
    const out = diff.data;
    let different = 0;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const i = (y * width + x) * 4;
        const inOne = x < first.naturalWidth && y < first.naturalHeight;
        const inTwo = x < second.naturalWidth && y < second.naturalHeight;
        let differs = inOne !== inTwo;
        if (!differs) {
          for (let c = 0; c < 4; c += 1) {
            if (Math.abs(one[i + c] - two[i + c]) > tolerance) {
              differs = true;
              break;
            }
          }
        }
        if (differs) {
          different += 1;
          out[i] = 230;
          out[i + 1] = 0;
          out[i + 2] = 40;
          out[i + 3] = 255;
        } else {
          // The after image, faded: grey at a quarter of its contrast on white.
          const grey = 0.299 * two[i] + 0.587 * two[i + 1] + 0.114 * two[i + 2];
          const faded = 255 - (255 - grey) * 0.25;
          out[i] = faded;
          out[i + 1] = faded;
          out[i + 2] = faded;
          out[i + 3] = 255;
        }
      }
    }
    const canvas = new OffscreenCanvas(width, height);
    canvas.getContext('2d').putImageData(diff, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return {
      width,
      height,
      before: [first.naturalWidth, first.naturalHeight],
      after: [second.naturalWidth, second.naturalHeight],
      different,
      diffPng: btoa(binary),
    };
  });
}

const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const relative = (file) => path.relative(OUT, file).split(path.sep).join('/');

async function main() {
  mkdirSync(path.join(OUT, 'diff'), { recursive: true });
  const chromium = await loadChromium();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--force-color-profile=srgb',
    ],
  });
  const rows = [];
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>compare</title>');
    for (const name of names) {
      const inBefore = before.has(name);
      const inAfter = after.has(name);
      if (!inBefore || !inAfter) {
        rows.push({ name, missing: inBefore ? 'after' : 'before' });
        continue;
      }
      const dataUrl = (folder) => `data:image/png;base64,${readFileSync(path.join(folder, name)).toString('base64')}`;
      try {
        const result = await page.evaluate(comparePair, { a: dataUrl(BEFORE), b: dataUrl(AFTER), tolerance: TOLERANCE });
        const diffFile = path.join(OUT, 'diff', name);
        writeFileSync(diffFile, Buffer.from(result.diffPng, 'base64'));
        rows.push({ name, ...result, diffFile, percent: (100 * result.different) / (result.width * result.height) });
      } catch (error) {
        rows.push({ name, error: String(error?.message ?? error).split('\n')[0] });
      }
    }
  } finally {
    await browser.close();
  }

  const percentText = (row) =>
    row.missing
      ? `only in ${row.missing === 'after' ? 'before' : 'after'}`
      : row.error
        ? `error: ${row.error}`
        : `${row.percent.toFixed(2)}%`;
  const sizeText = (row) =>
    row.before
      ? row.before.join('x') === row.after.join('x')
        ? row.before.join('x')
        : `${row.before.join('x')} → ${row.after.join('x')}`
      : '';

  const cards = rows
    .map((row) => {
      const id = row.name.replace(/\.png$/, '');
      const image = (folder, has) =>
        has
          ? `<a href="${escape(relative(path.join(folder, row.name)))}"><img loading="lazy" src="${escape(relative(path.join(folder, row.name)))}" alt=""></a>`
          : '<p class="none">none</p>';
      const diff = row.diffFile
        ? `<a href="${escape(relative(row.diffFile))}"><img loading="lazy" src="${escape(relative(row.diffFile))}" alt=""></a>`
        : '<p class="none">—</p>';
      const level = row.percent === undefined ? 'missing' : row.percent === 0 ? 'same' : row.percent < 1 ? 'small' : 'big';
      return `<section id="${escape(id)}" class="${level}">
  <h2><a href="#${escape(id)}">${escape(id)}</a> <span class="pct">${escape(percentText(row))}</span> <span class="size">${escape(sizeText(row))}</span></h2>
  <div class="pair"><figure><figcaption>before</figcaption>${image(BEFORE, before.has(row.name))}</figure><figure><figcaption>after</figcaption>${image(AFTER, after.has(row.name))}</figure><figure><figcaption>difference</figcaption>${diff}</figure></div>
</section>`;
    })
    .join('\n');
  const table = rows
    .map(
      (row) =>
        `<tr class="${row.percent === 0 ? 'same' : ''}"><td><a href="#${escape(row.name.replace(/\.png$/, ''))}">${escape(row.name.replace(/\.png$/, ''))}</a></td><td class="num">${escape(percentText(row))}</td><td>${escape(sizeText(row))}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Screens: before and after</title>
<style>
  body { font: 14px/1.4 system-ui, sans-serif; margin: 16px; color: #222; }
  table { border-collapse: collapse; margin-bottom: 24px; }
  td, th { border-bottom: 1px solid #ddd; padding: 2px 10px; text-align: left; }
  td.num { text-align: right; font-variant-numeric: tabular-nums; }
  tr.same td { color: #888; }
  section { border-top: 2px solid #ccc; padding: 8px 0 16px; }
  section.big h2 .pct { color: #c00; }
  section.small h2 .pct { color: #b60; }
  section.same h2 .pct { color: #080; }
  h2 { font-size: 16px; margin: 4px 0 8px; }
  h2 .size { color: #888; font-weight: normal; font-size: 13px; }
  .pair { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 12px; align-items: start; }
  figure { margin: 0; }
  figcaption { color: #666; font-size: 12px; }
  img { max-width: 100%; border: 1px solid #ccc; display: block; }
  .none { color: #999; }
</style>
</head>
<body>
<h1>Screens: before and after</h1>
<p>Before: <code>${escape(BEFORE)}</code><br>After: <code>${escape(AFTER)}</code><br>A pixel differs when a channel differs by more than ${TOLERANCE}; the share is of the larger of the two sizes.</p>
<table><thead><tr><th>screen</th><th>different pixels</th><th>size</th></tr></thead><tbody>
${table}
</tbody></table>
${cards}
</body>
</html>
`;
  writeFileSync(path.join(OUT, 'index.html'), html);

  const width = Math.max(6, ...rows.map((row) => row.name.length - 4));
  console.info(`${'screen'.padEnd(width)}  difference  size`);
  for (const row of rows)
    console.info(`${row.name.replace(/\.png$/, '').padEnd(width)}  ${percentText(row).padStart(10)}  ${sizeText(row)}`);
  const compared = rows.filter((row) => row.percent !== undefined);
  const same = compared.filter((row) => row.percent === 0).length;
  console.info(
    `\n${compared.length} pairs compared (${same} identical), ${rows.length - compared.length} without a pair or unreadable. ${path.join(OUT, 'index.html')}`,
  );
}

main().catch((error) => {
  console.error(error?.stack ?? String(error));
  process.exit(1);
});
