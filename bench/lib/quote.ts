// The quote's cost (issue 21 point 8): GET /api/opening-status computes the quote from the live kitchen queue (the
// orders accepted and not yet on their way) in one statement at every request, and every open storefront asks it
// (on load, then each minute). These put orders in the queue through the real routes, as the shop's admin takes them,
// and measure the answer.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { margheritaId } from './setup';
import { BENCH_ADMIN_PASSWORD } from './shop';

const ADMIN_EMAIL = process.env.ADMIN_EMAIL ?? 'admin@example.com';
/** The kernel's clock ticks a second, in which /proc counts CPU time. */
const CLOCK_TICKS = Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim()) || 100;

/** The admin's session cookie (`sid=...`), signed in through POST /api/login. */
async function signInAdmin(origin: string): Promise<string> {
  const answer = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: BENCH_ADMIN_PASSWORD }),
  });
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (answer.status !== 200 || !cookie) throw new Error(`admin sign-in answered ${answer.status}`);
  return cookie.split(';')[0] as string;
}

async function send(origin: string, cookie: string, method: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const answer = await fetch(`${origin}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  const parsed = (await answer.json()) as Record<string, unknown>;
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(parsed)}`);
  return parsed;
}

export interface KitchenQueue {
  placed: number;
  accepted: number;
  /** The quote GET /api/opening-status answers with them in the queue. */
  quoteMinutes: number;
}

/**
 * The admin places `placed` cash orders to an address of their own and accepts `accepted` of them (30 minutes), so
 * the quote has a queue to count. Needs a shop whose order limits are widened (RATE_LIMIT_MULTIPLIER).
 */
export async function queueAcceptedOrders(origin: string, opts: { placed: number; accepted: number }): Promise<KitchenQueue> {
  const cookie = await signInAdmin(origin);
  const productId = await margheritaId(origin);
  const address = await send(origin, cookie, 'POST', '/address-collection', {
    firstname: 'Bench',
    lastname: 'Kitchen',
    Email: ADMIN_EMAIL,
    phone: '07700900456',
    address: '1 Test Street',
    address2: '',
    city: 'Bristol',
    postcode: 'BS1 4DJ',
  });
  const ids: string[] = [];
  for (let i = 0; i < opts.placed; i += 1) {
    const order = { items: [{ productId, quantity: 1, size: 'l' }], paymentType: 'Cash', addressId: address.insertedId, note: '' };
    ids.push((await send(origin, cookie, 'POST', '/buy-product', order)).insertedId as string);
  }
  for (const id of ids.slice(0, opts.accepted)) {
    await send(origin, cookie, 'PUT', `/update-sell-products/${id}`, { status: 'Approved Order', readyInMinutes: 30 });
  }
  const status = (await (await fetch(`${origin}/api/opening-status`)).json()) as { quoteMinutes: number };
  return { placed: opts.placed, accepted: opts.accepted, quoteMinutes: status.quoteMinutes };
}

export interface Throughput {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export function throughput(result: autocannon.Result): Throughput {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** GET `url` for `seconds` on `connections` connections, as fast as it answers or at `overallRate` requests a second. */
export function measure(url: string, opts: { seconds: number; connections?: number; overallRate?: number }): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        duration: opts.seconds,
        connections: opts.connections ?? 50,
        ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
  });
}

/**
 * The CPU time process `pid` has used so far (user and system, ms), from /proc: a request's cost in the server,
 * which a machine shared with other work changes far less than the requests a second it can answer.
 */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's closing bracket; utime and stime are the 14th and 15th of the line.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** `measure`, and the server's CPU time per answer (ms) over it. */
export async function measureWithCpu(
  url: string,
  serverPid: number,
  opts: { seconds: number; connections?: number; overallRate?: number },
): Promise<{ result: autocannon.Result; cpuMsPerAnswer: number }> {
  const before = cpuMs(serverPid);
  const result = await measure(url, opts);
  return { result, cpuMsPerAnswer: Math.round(((cpuMs(serverPid) - before) / Math.max(1, result.requests.total)) * 1000) / 1000 };
}
