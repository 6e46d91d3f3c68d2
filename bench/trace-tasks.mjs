// The storefront's main-thread tasks while `/` loads and hydrates, from a Chromium trace (decision 1103): each task
// on the page's main thread that is longer than TRACE_MIN_MS (default 50 ms at the slowdown), with
// what it did (HTML parsing, a script's evaluation, a timer, a message, style and layout) and the script it ran.
// Lighthouse's simulated throttling multiplies such tasks by its CPU slowdown and counts what is over 50 ms as
// blocking, so this lists what its Total Blocking Time is made of.
//   WEB_DIST_DIR=/tmp/web node --import tsx bench/trace-tasks.mjs [path]
// TRACE_RATE: the figures are the unthrottled trace's durations times this (8); the page runs at full speed, as
// Lighthouse's own trace does. A figure for reading, never a test.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, startFreshShop, waitFor } from './shop.mjs';

const port = Number(process.env.TRACE_PORT ?? 3412);
const target = process.argv[2] ?? '/';
const rate = Number(process.env.TRACE_RATE ?? 8);
const minMs = Number(process.env.TRACE_MIN_MS ?? 50);
const frames = Number(process.env.TRACE_FRAMES ?? 0);
const runs = Number(process.env.TRACE_RUNS ?? 1);
// TRACE_CLOCK=thread: each task's CPU time on its thread (the trace's tdur) instead of its wall time, for comparing two
// builds on a busy machine, where a task's wall time includes the time another process held the core.
const threadClock = process.env.TRACE_CLOCK === 'thread';
const shop = await startFreshShop(port);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  await waitFor(`http://127.0.0.1:${port}/`, 120000);
  await (await fetch(`http://127.0.0.1:${port}${target}`)).text(); // the server's first render loads its renderer
  async function traceLoad() {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'toplevel',
        'v8.execute',
        'blink.user_timing',
        // The JavaScript samples only when their frames are listed: the sampling profiler slows the page it watches.
        ...(frames > 0 ? ['disabled-by-default-v8.cpu_profiler'] : []),
      ],
    });
    await page.goto(`http://127.0.0.1:${port}${target}`, { waitUntil: 'load' });
    await page.waitForTimeout(5000);
    const trace = JSON.parse((await browser.stopTracing()).toString());
    const events = trace.traceEvents;
    // The page's main thread: the renderer's main thread with the most events (the blank page's renderer has few).
    const count = new Map();
    for (const e of events) count.set(`${e.pid}:${e.tid}`, (count.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
    const mainThread = events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .sort((a, b) => count.get(`${b.pid}:${b.tid}`) - count.get(`${a.pid}:${a.tid}`))[0];
    const onMain = events.filter((e) => e.pid === mainThread.pid && e.tid === mainThread.tid && e.ph === 'X');
    // The top-level tasks: run-task events not inside another.
    const runs = onMain
      .filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')
      .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const tasks = [];
    for (const e of runs) {
      const last = tasks.at(-1);
      if (last && e.ts >= last.ts && e.ts + e.dur <= last.ts + last.dur) continue;
      tasks.push(e);
    }
    const navigationStart = Math.min(...onMain.filter((e) => e.name === 'ParseHTML').map((e) => e.ts));
    // The JavaScript samples of the main thread (the V8 CPU profiler's chunks), to name what each long task ran.
    const nodes = new Map();
    const samples = [];
    for (const e of events.filter((e) => e.name === 'ProfileChunk' && e.pid === mainThread.pid)) {
      const chunk = e.args?.data?.cpuProfile ?? {};
      for (const node of chunk.nodes ?? []) nodes.set(node.id, node);
      let at = samples.length ? samples.at(-1).at : 0;
      (chunk.samples ?? []).forEach((id, i) => {
        at += e.args.data.timeDeltas?.[i] ?? 0;
        samples.push({ id, at });
      });
    }
    const profile = events.find((e) => e.name === 'Profile' && e.pid === mainThread.pid);
    const profileStart = profile?.args?.data?.startTime ?? 0;
    const frameName = (node) =>
      `${node.callFrame.functionName || '(anonymous)'} ${(node.callFrame.url || '').split('/').pop()}:${(node.callFrame.lineNumber ?? 0) + 1}`;
    const framesIn = (from, to) => {
      const inclusive = new Map();
      let total = 0;
      for (const sample of samples) {
        const at = profileStart + sample.at;
        if (at < from || at > to) continue;
        total += 1;
        const seen = new Set();
        for (let node = nodes.get(sample.id); node; node = nodes.get(node.parent)) {
          const name = frameName(node);
          if (seen.has(name) || name.startsWith('(root)')) continue;
          seen.add(name);
          inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
        }
      }
      return [...inclusive]
        .filter(([name]) => !name.startsWith('(program)') && !name.startsWith('(idle)'))
        .sort((a, b) => b[1] - a[1])
        .slice(0, frames)
        .map(([name, n]) => `      ${Math.round((100 * n) / Math.max(1, total))}%  ${name}`);
    };
    // The first contentful paint: Total Blocking Time counts from it, so what ran before is not blocking.
    const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === mainThread.pid)?.ts ?? navigationStart;
    let blocking = 0;
    let busyAfterPaint = 0;
    for (const task of tasks) {
      const dur = threadClock ? (task.tdur ?? task.dur) : task.dur;
      const ms = (dur / 1000) * rate;
      const afterPaint = task.dur > 0 ? ((Math.max(0, task.ts + task.dur - Math.max(task.ts, paint)) / task.dur) * dur * rate) / 1000 : 0;
      busyAfterPaint += afterPaint;
      if (ms < minMs) continue;
      // As Lighthouse does: a task that began before the paint counts only its part after it.
      blocking += Math.max(0, Math.min(ms - 50, afterPaint));
      const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && !runs.includes(e));
      const byName = new Map();
      for (const e of inside) {
        const url = (e.args?.data?.url ?? e.args?.data?.scriptName ?? '').replace(/^https?:\/\/[^/]+/, '');
        const key = `${e.name}${url ? ` ${url}` : ''}`;
        byName.set(key, Math.max(byName.get(key) ?? 0, e.dur));
      }
      const parts = [...byName]
        .filter(([, dur]) => (dur / 1000) * rate >= 5)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([name, dur]) => `${name} ${((dur / 1000) * rate).toFixed(0)}`);
      console.info(
        `${((task.ts - navigationStart) / 1000).toFixed(0).padStart(6)} ms${task.ts < paint ? '*' : ' '} ${ms.toFixed(0).padStart(5)} ms  ${parts.join(' | ')}`,
      );
      for (const line of framesIn(task.ts, task.ts + task.dur)) console.info(line);
    }
    console.info(
      `first paint at ${((paint - navigationStart) / 1000).toFixed(0)} ms (* before it); after it, at ${rate}x: blocking (each task's time over 50 ms) ${blocking.toFixed(0)} ms, busy ${busyAfterPaint.toFixed(0)} ms\n`,
    );
    await context.close();
    return { blocking, busy: busyAfterPaint };
  }
  const loads = [];
  for (let run = 1; run <= runs; run += 1) {
    if (runs > 1) console.info(`load ${run} of ${runs}`);
    loads.push(await traceLoad());
  }
  const blockings = loads.map((load) => load.blocking);
  const busy = loads.map((load) => load.busy).sort((a, b) => a - b);
  blockings.sort((a, b) => a - b);
  if (runs > 1)
    console.info(
      `${runs} loads, after the first paint, at ${rate}x: blocking median ${blockings[Math.floor(runs / 2)].toFixed(0)} ms (${blockings.map((b) => b.toFixed(0)).join(', ')}); busy median ${busy[Math.floor(runs / 2)].toFixed(0)} ms (${busy.map((b) => b.toFixed(0)).join(', ')})`,
    );
} finally {
  await browser.close();
  shop.stop();
}
