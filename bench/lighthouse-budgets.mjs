// Lighthouse's mobile preset on the built storefront's `/`, median of LH_RUNS runs (5 by default), at Lighthouse's
// default 4x CPU slowdown, where the budgets apply (decision 1103), and at 8x (a slower phone), printed as a figure.
// Lighthouse simulates the throttling (Lantern) from one real page load; the slowdown multiplies the main thread's
// observed work, so a loaded machine reads slower: say the load (uptime) beside every figure.
// Alone: `node --import tsx bench/lighthouse-budgets.mjs` (WEB_DIST_DIR picks a build other than apps/web/dist,
// LH_RUNS the number of runs, LH_SLOWDOWNS e.g. `4` or `4,8`). To compare builds: bench/lighthouse-ab.mjs.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, startShop, waitFor } from './shop.mjs';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

/** The figures of one run: scores 0-100, times in ms. */
function figuresOf(lhr) {
  const value = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const breakdown = lhr.audits['mainthread-work-breakdown']?.details?.items ?? [];
  const group = (id) => breakdown.find((item) => item.group === id)?.duration ?? 0;
  const bootup = lhr.audits['bootup-time']?.details?.items ?? [];
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
    fcpMs: Math.round(value('first-contentful-paint')),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
    siMs: Math.round(value('speed-index')),
    // Main-thread time by kind (Lighthouse's 'Minimize main-thread work'), with the slowdown applied.
    scriptEvaluationMs: Math.round(group('scriptEvaluation')),
    scriptParseCompileMs: Math.round(group('scriptParseCompile')),
    styleLayoutMs: Math.round(group('styleLayout')),
    mainThreadMs: Math.round(value('mainthread-work-breakdown')),
    // The scripts that took the most (JavaScript execution time), for the record.
    scripts: bootup
      .slice(0, 4)
      .map((item) => ({ url: String(item.url).replace(/^https?:\/\/[^/]+/, ''), scriptingMs: Math.round(item.scripting) })),
  };
}

/** Runs Lighthouse once on `url` at `cpuSlowdownMultiplier`. */
export async function lighthouseRun(url, cpuSlowdownMultiplier = 4) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo'],
      // The mobile preset's own throttling (slow 4G), with only the CPU slowdown changed.
      throttling: { cpuSlowdownMultiplier },
    });
    if (!result) throw new Error('Lighthouse returned no result');
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return { figures: figuresOf(result.lhr), lhr: result.lhr };
  } finally {
    await chrome.kill();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * `runs` runs at `cpuSlowdownMultiplier`; each figure is the median of its own values (with 5 runs, the third best).
 * A run that fails (a fresh Chromium now and then shows an interstitial on its first load) is tried once more.
 */
export async function lighthouseMedians(url, cpuSlowdownMultiplier, runs = 5) {
  const all = [];
  const loads = [];
  for (let i = 0; i < runs; i++) {
    let run;
    try {
      run = await lighthouseRun(url, cpuSlowdownMultiplier);
    } catch (error) {
      console.warn(`Lighthouse failed once, retrying: ${error instanceof Error ? error.message : error}`);
      run = await lighthouseRun(url, cpuSlowdownMultiplier);
    }
    all.push(run.figures);
    // LH_JSON=<folder>: each run's full report, to read its trace-based audits (long tasks, LCP phases, bootup).
    if (process.env.LH_JSON)
      writeFileSync(path.join(process.env.LH_JSON, `lhr-x${cpuSlowdownMultiplier}-${i + 1}.json`), JSON.stringify(run.lhr));
    loads.push(loadavg()[0]);
  }
  const numeric = Object.keys(all[0]).filter((key) => typeof all[0][key] === 'number');
  const medians = Object.fromEntries(numeric.map((key) => [key, median(all.map((figures) => figures[key]))]));
  return {
    cpuSlowdownMultiplier,
    runs,
    ...medians,
    // The run whose performance score is the median one: its failing audits and scripts.
    scripts: all.find((figures) => figures.performance === medians.performance)?.scripts ?? [],
    each: all.map(({ scripts: _scripts, ...figures }) => figures),
    loadAverage: Number((loads.reduce((sum, load) => sum + load, 0) / loads.length).toFixed(1)),
  };
}

/** A fresh shop (temporary embedded database) on `port`, measured at each slowdown in turn. */
export async function lighthouseBudgetsOnShop(port = 3403, slowdowns = [4, 8], runs = 5, extraEnv = {}) {
  const shop = startShop(port, { DATABASE_URL: '', ...extraEnv });
  try {
    await waitFor(`http://127.0.0.1:${port}/`, 180000);
    // One load first: the server's first render of `/` loads its renderer (decision 1100); later loads get the cache.
    await fetch(`http://127.0.0.1:${port}/`);
    const results = {};
    for (const slowdown of slowdowns) results[`x${slowdown}`] = await lighthouseMedians(`http://127.0.0.1:${port}/`, slowdown, runs);
    return results;
  } finally {
    shop.stop();
  }
}

/** The budgets at 4x: performance >= 95, LCP <= 1.5 s, TBT <= 150 ms, CLS <= 0.05. */
export const LIGHTHOUSE_BUDGETS = { performance: 95, lcpMs: 1500, tbtMs: 150, cls: 0.05 };

/** One slowdown's medians as [name, value, budget, ok]: budgets at 4x, figures only at any other slowdown. */
export function lighthouseBudgetLines(m) {
  const x = `${m.cpuSlowdownMultiplier}x`;
  const budgeted = m.cpuSlowdownMultiplier === 4;
  const b = LIGHTHOUSE_BUDGETS;
  const line = (name, value, budget, ok) => [name, value, budgeted ? budget : '- (figure)', !budgeted || ok];
  return [
    line(
      `Lighthouse mobile performance on / (${x})`,
      `${m.performance} (median of ${m.runs})`,
      `${b.performance}`,
      m.performance >= b.performance,
    ),
    line(`  largest contentful paint (${x})`, `${(m.lcpMs / 1000).toFixed(2)} s`, `${b.lcpMs / 1000} s`, m.lcpMs <= b.lcpMs),
    line(`  total blocking time (${x})`, `${m.tbtMs} ms`, `${b.tbtMs} ms`, m.tbtMs <= b.tbtMs),
    line(`  cumulative layout shift (${x})`, `${m.cls}`, `${b.cls}`, m.cls <= b.cls),
    [`  script evaluation (${x})`, `${m.scriptEvaluationMs} ms`, '- (figure)', true],
  ];
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  const slowdowns = (process.env.LH_SLOWDOWNS ?? '4,8').split(',').map(Number);
  const results = await lighthouseBudgetsOnShop(Number(process.env.LH_PORT ?? 3403), slowdowns, Number(process.env.LH_RUNS ?? 5));
  for (const m of Object.values(results)) {
    for (const [name, value, budget, ok] of lighthouseBudgetLines(m))
      console.info(`${ok ? 'PASS' : 'OVER'}  ${name.padEnd(44)} ${String(value).padEnd(22)} budget ${budget}`);
    if (m.cpuSlowdownMultiplier === 4)
      console.info(`${m.seo >= 100 ? 'PASS' : 'OVER'}  ${'Lighthouse SEO on / (4x)'.padEnd(44)} ${String(m.seo).padEnd(22)} budget 100`);
    console.info(`      load average ${m.loadAverage}; each run: ${JSON.stringify(m.each)}`);
    console.info(`      scripts: ${JSON.stringify(m.scripts)}`);
  }
}
