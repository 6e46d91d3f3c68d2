// Where the storefront's main thread goes while `/` loads and hydrates (decision 1103): a CPU
// profile through the DevTools protocol at a 4x slower CPU, its samples' self time summed by function and by script.
// Best on an unminified build, so the functions keep their names:
//   npx vite build apps/web --outDir /tmp/webprof --minify false
//   npx vite build apps/web --config apps/web/vite.ssr.config.ts --outDir /tmp/webprof/.ssr
//   WEB_DIST_DIR=/tmp/webprof node --import tsx bench/profile-load.mjs [path]
// A figure for reading, never a test. PROFILE_RATE sets the slowdown (4), PROFILE_TOP the rows (40).
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, startFreshShop, waitFor } from './shop.mjs';

const port = 3411;
const target = process.argv[2] ?? '/';
const rate = Number(process.env.PROFILE_RATE ?? 4);
const top = Number(process.env.PROFILE_TOP ?? 40);
const shop = await startFreshShop(port);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
try {
  await waitFor(`http://127.0.0.1:${port}/`, 120000);
  await (await fetch(`http://127.0.0.1:${port}${target}`)).text(); // the server's first render loads its renderer
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  if (process.env.PROFILE_CONSOLE) page.on('console', (message) => console.info('console:', message.text().slice(0, 600)));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`http://127.0.0.1:${port}${target}`, { waitUntil: 'load' });
  await page.waitForTimeout(6000);
  const { profile } = await cdp.send('Profiler.stop');
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
  const byFunction = new Map();
  const byScript = new Map();
  for (const [id, micros] of self) {
    const { callFrame } = byId.get(id);
    const script = (callFrame.url || '(native)').replace(/^https?:\/\/[^/]+/, '');
    const fn = `${callFrame.functionName || '(anonymous)'} ${script.split('/').pop()}:${callFrame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
    byScript.set(script, (byScript.get(script) ?? 0) + micros);
  }
  const print = (title, map) => {
    console.info(`\n${title}`);
    for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.info(`${(micros / 1000).toFixed(0).padStart(7)} ms  ${name}`);
  };
  // The long tasks: runs of samples not idle, longer than 50 ms, each with the frames that take most of it
  // (inclusive: a frame counted once per sample however deep).
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nameOf = (node) =>
    `${node.callFrame.functionName || '(anonymous)'} ${(node.callFrame.url || '').split('/').pop()}:${node.callFrame.lineNumber + 1}`;
  let at = profile.startTime;
  let run = null;
  const runs = [];
  profile.samples.forEach((id, i) => {
    at += dt[i] ?? 0;
    const name = byId.get(id).callFrame.functionName;
    const busy = name !== '(idle)' && name !== '(program)';
    if (busy) {
      if (!run) run = { start: at, end: at, frames: new Map(), samples: 0 };
      run.end = at;
      run.samples += 1;
      const seen = new Set();
      for (let n = id; n !== undefined; n = parent.get(n)) {
        const key = nameOf(byId.get(n));
        if (seen.has(key)) continue;
        seen.add(key);
        run.frames.set(key, (run.frames.get(key) ?? 0) + (dt[i] ?? 0));
      }
    } else if (run && name === '(idle)') {
      runs.push(run);
      run = null;
    }
  });
  if (run) runs.push(run);
  console.info(`\nBusy runs over 50 ms (between idle samples), ${target} at ${rate}x`);
  for (const r of runs.filter((r) => r.end - r.start > 50000)) {
    console.info(`at ${((r.start - profile.startTime) / 1000).toFixed(0)} ms, ${((r.end - r.start) / 1000).toFixed(0)} ms:`);
    const frames = [...r.frames]
      .filter(([k]) => !k.startsWith('(root)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(process.env.PROFILE_FRAMES ?? 12));
    for (const [k, v] of frames) console.info(`   ${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`);
  }
  // PROFILE_CALLERS=<function name>: the call paths that reach it, with their time.
  if (process.env.PROFILE_CALLERS) {
    const paths = new Map();
    for (const [id, micros] of self) {
      const chain = [];
      let hit = false;
      for (let n = id; n !== undefined; n = parent.get(n)) {
        const node = byId.get(n);
        if (node.callFrame.functionName === process.env.PROFILE_CALLERS) hit = true;
        if (hit) chain.push(node.callFrame.functionName || '(anonymous)');
        // PROFILE_BY_COMPONENT: only the nearest caller named like a component (a capital first letter).
        if (hit && process.env.PROFILE_BY_COMPONENT && /^[A-Z]/.test(node.callFrame.functionName) && chain.length > 1) {
          chain.splice(0, chain.length, node.callFrame.functionName);
          break;
        }
      }
      if (!hit) continue;
      const key = chain.slice(0, 14).join(' < ');
      paths.set(key, (paths.get(key) ?? 0) + micros);
    }
    print(`Call paths to ${process.env.PROFILE_CALLERS}`, paths);
  }
  // PROFILE_UNDER=<function name>: the time under it, by the nearest function named like a component (capital first).
  if (process.env.PROFILE_UNDER) {
    const byComponent = new Map();
    for (const [id, micros] of self) {
      let component = null;
      let under = false;
      for (let n = id; n !== undefined; n = parent.get(n)) {
        const name = byId.get(n).callFrame.functionName;
        if (!component && /^[A-Z]/.test(name)) component = name;
        if (name === process.env.PROFILE_UNDER) under = true;
      }
      if (under) byComponent.set(component ?? '(no component)', (byComponent.get(component ?? '(no component)') ?? 0) + micros);
    }
    print(`Under ${process.env.PROFILE_UNDER}, by component`, byComponent);
  }
  print(`Self time by script, ${target} at ${rate}x`, byScript);
  print('Self time by function', byFunction);
  await context.close();
} finally {
  await browser.close();
  shop.stop();
}
