// Lighthouse on the storefront's `/`, mobile preset (Lighthouse's default: a Moto G Power sized screen, simulated
// slow 4G and a 4x slower CPU), in Debian's Chromium. The shop runs on a fresh database; the machine is offline,
// so the browser is told not to reach out anywhere.
// Alone: `node --import tsx bench/lighthouse.mjs` (WEB_DIST_DIR picks a build other than apps/web/dist).
import { lighthouseRun } from './lighthouse-budgets.mjs';
import { startShop, waitFor } from './shop.mjs';

function failingAudits(lhr, categoryId) {
  return lhr.categories[categoryId].auditRefs
    .filter((ref) => ref.weight > 0 || categoryId === 'accessibility')
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 1 &&
        audit.scoreDisplayMode !== 'notApplicable' &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'manual',
    )
    .map((audit) => ({ id: audit.id, title: audit.title, score: audit.score, displayValue: audit.displayValue ?? '' }));
}

// Runs Lighthouse once against `url`; scores are 0-100.
export async function runLighthouse(url) {
  // One run at Lighthouse's own mobile throttling (its default 4x CPU slowdown), as the budgets' runs start it.
  const { lhr } = await lighthouseRun(url);
  const metric = (id) => lhr.audits[id]?.displayValue ?? '';
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    // Search engines' view of the page (issue 23 point 2): title, description, canonical, links, robots.txt.
    seo: Math.round((lhr.categories.seo.score ?? 0) * 100),
    metrics: {
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      si: metric('speed-index'),
    },
    failing: {
      performance: failingAudits(lhr, 'performance'),
      accessibility: failingAudits(lhr, 'accessibility'),
      seo: failingAudits(lhr, 'seo'),
    },
    lhr,
  };
}

// Starts a shop on a fresh temporary DATA_DIR and measures `/` on it.
export async function lighthouseOnShop(port = 3403, extraEnv = {}) {
  const shop = startShop(port, { DATABASE_URL: '', ...extraEnv });
  try {
    await waitFor(`http://127.0.0.1:${port}/`);
    try {
      return await runLighthouse(`http://127.0.0.1:${port}/`);
    } catch (error) {
      // A fresh Chromium now and then shows an interstitial on its first load (seen once in `npm run bench`); one retry.
      console.warn(`Lighthouse failed once, retrying: ${error instanceof Error ? error.message : error}`);
      return await runLighthouse(`http://127.0.0.1:${port}/`);
    }
  } finally {
    shop.stop();
  }
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  const { lhr, ...summary } = await lighthouseOnShop(Number(process.env.LH_PORT ?? 3403));
  if (process.env.LH_JSON) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(process.env.LH_JSON, JSON.stringify(lhr));
  }
  console.info(JSON.stringify(summary, null, 2));
}
