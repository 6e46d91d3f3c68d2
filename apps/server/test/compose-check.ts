// The production deployment of docs/deployment.md (B), run for real: `docker compose up --build --wait` on the
// repository's compose.yaml (PostgreSQL 15, two shop processes built from the Dockerfile, nginx on
// deploy/nginx.conf) under a project name of its own, then, through nginx only: the storefront's page and a cached
// asset, a customer's cash and card purchase heard by the admin's live socket, both processes serving; the
// processes' user, one seed between them, the menu pictures' lettering, a clean stop, a restart that keeps the
// orders. Prints what it measured (image size, time to healthy, memory) and removes everything it made but the
// image.
//
//   npm run check:compose          exit 0: all held; 1: a check failed; 2: no Docker engine with Compose v2 here
//
// It needs a Docker engine, so it is not part of `npm test` (CI has none); the Vitest suite runs the same nginx
// configuration in front of two compiled processes (nginx-processes.test.ts). NODE_IMAGE, POSTGRES_IMAGE and
// NGINX_IMAGE are not read: compose.yaml's images are used as they are, so they must be pullable (or present).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ORDER_RECEIVED } from '@shop/shared/contract/realtime';
import { parseAccessLogLine } from './nginx-runner';
import { ADDRESS, cashOrder, loadMenu, pizzaLine } from './order-fixtures';
import { freePort } from './shop-process';
import { connectSocket, type TestSocket } from './socket-client';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const HEALTHY_S = 300;
const EVENT_MS = 10_000;

function run(command: string, args: string[], options: { allowFail?: boolean } = {}): string {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0 && !options.allowFail)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

function check(condition: boolean, what: string, detail = ''): void {
  if (!condition) throw new Error(`FAILED: ${what}${detail ? `\n${detail}` : ''}`);
  console.info(`ok  ${what}`);
}

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- checked field by field below
  cookie: string | null;
}

async function call(origin: string, method: string, route: string, body?: unknown, cookie?: string | null): Promise<Answer> {
  const response = await fetch(`${origin}/api${route}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  const sid = /(?:^|,\s*)(sid=[^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? null;
  return { status: response.status, body: text ? JSON.parse(text) : undefined, cookie: sid };
}

async function main(): Promise<number> {
  if (
    spawnSync('docker', ['info'], { encoding: 'utf8' }).status !== 0 ||
    spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' }).status !== 0
  ) {
    console.error('compose-check needs a running Docker engine and Docker Compose v2 (`docker info`, `docker compose version`).');
    return 2;
  }
  const project = `shop-check-${randomBytes(3).toString('hex')}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-compose-'));
  const httpPort = await freePort();
  const origin = `http://127.0.0.1:${httpPort}`;
  const adminEmail = 'owner@example.com';
  const adminPassword = `Owner-${randomBytes(9).toString('base64url')}`;
  mkdirSync(path.join(dir, 'letsencrypt'));
  const envFile = path.join(dir, '.env');
  writeFileSync(
    envFile,
    [
      `POSTGRES_PASSWORD=${randomBytes(18).toString('hex')}`,
      `PUBLIC_ORIGIN=${origin}`,
      `ADMIN_EMAIL=${adminEmail}`,
      `ADMIN_PASSWORD=${adminPassword}`,
      `HTTP_PORT=${httpPort}`,
      `HTTPS_PORT=${await freePort()}`,
      `LETSENCRYPT_DIR=${path.join(dir, 'letsencrypt')}`,
      // The image runs with NODE_ENV=production, which starts only when told how payments and mail work (decision
      // 0702). A trial shop: card payments with the offline test cards, asked for by name. The check sends no mail;
      // the address only has to name a mail server.
      'PAYMENTS=test-cards',
      'SMTP_URL=smtp://127.0.0.1:25',
      '',
    ].join('\n'),
  );
  const compose = (...args: string[]) => run('docker', ['compose', '-p', project, '--env-file', envFile, ...args]);
  const sockets: TestSocket[] = [];
  try {
    const started = Date.now();
    compose('up', '--detach', '--build', '--wait', '--wait-timeout', String(HEALTHY_S));
    const healthyS = (Date.now() - started) / 1000;
    console.info(`... up and healthy in ${healthyS.toFixed(1)} s (image build included)`);

    const containers = (service: string) => compose('ps', '--all', '--quiet', service).split('\n').filter(Boolean);
    const shops = containers('shop');
    check(shops.length === 2, 'compose runs two shop processes', compose('ps', '--all'));
    const inspect = (id: string) => JSON.parse(run('docker', ['inspect', id]))[0];
    for (const id of shops)
      check(inspect(id).State.Health?.Status === 'healthy', `shop ${id.slice(0, 12)} is healthy (the image's HEALTHCHECK, /api/health)`);
    const users = shops.map((id) => run('docker', ['exec', id, 'id', '-u']).trim());
    check(
      users.every((uid) => uid !== '0'),
      `the shop processes run as an unprivileged user (uid ${users.join(', ')})`,
    );
    const shopLogs = () => compose('logs', '--no-color', 'shop');
    const seeds = shopLogs().match(/Seeded \d+ categories/g) ?? [];
    check(seeds.length === 1, 'the two processes started together migrated and seeded the empty database once (advisory lock)', shopLogs());

    // The storefront through nginx: the index as the process sends it, a hashed asset kept in nginx's cache.
    const index = await fetch(`${origin}/`);
    const html = await index.text();
    check(index.status === 200 && html.includes('<div id="root">'), 'nginx passes the storefront page');
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    check(Boolean(asset), 'the page names its script', html);
    const first = await fetch(`${origin}${asset}`);
    await first.arrayBuffer();
    const second = await fetch(`${origin}${asset}`);
    await second.arrayBuffer();
    check(
      second.status === 200 &&
        second.headers.get('x-cache-status') === 'HIT' &&
        second.headers.get('cache-control') === 'public, max-age=31536000, immutable',
      `the hashed script is served from nginx's cache the second time (${first.headers.get('x-cache-status')}, then ${second.headers.get('x-cache-status')})`,
    );

    // A purchase, cash and card (the offline test provider: PAYMENTS=test-cards, no Stripe keys), heard by the admin.
    const payments = await call(origin, 'GET', '/payment-config');
    check(
      payments.body?.cardPayments === true && payments.body?.testMode === true,
      'production takes test cards only when asked (PAYMENTS=test-cards), and tells the storefront they are test mode',
      JSON.stringify(payments.body),
    );
    const menu = await loadMenu({ url: origin });
    const admin = await call(origin, 'POST', '/login/', { email: adminEmail, password: adminPassword });
    check(
      admin.status === 200 && Boolean(admin.cookie),
      'the admin signs in with ADMIN_EMAIL and ADMIN_PASSWORD from .env',
      JSON.stringify(admin.body),
    );
    const adminSocket = await connectSocket(origin, { cookie: admin.cookie, origin });
    sockets.push(adminSocket);
    for (let i = 0; i < 100 && adminSocket.socket.io.engine.transport.name !== 'websocket'; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    check(adminSocket.socket.io.engine.transport.name === 'websocket', "the admin's live socket upgrades to a WebSocket through nginx");

    const email = `compose-${randomBytes(4).toString('hex')}@example.com`;
    const customer = await call(origin, 'POST', '/register/', { username: 'Compose Customer', email, password: 'a-Strong-password-1' });
    check(customer.status === 201 && Boolean(customer.cookie), 'a customer signs up', JSON.stringify(customer.body));
    const address = await call(origin, 'POST', '/address-collection', ADDRESS, customer.cookie);
    check(address.status === 201, 'the customer adds a delivery address', JSON.stringify(address.body));
    const cash = await call(origin, 'POST', '/buy-product', cashOrder([pizzaLine(menu)], address.body.insertedId), customer.cookie);
    check(cash.status === 201, 'the customer places a cash order', JSON.stringify(cash.body));
    const intent = await call(
      origin,
      'POST',
      '/create-payment-intent',
      { items: [pizzaLine(menu)], addressId: address.body.insertedId, note: 'Card through compose' },
      customer.cookie,
    );
    check(intent.status === 200, 'the customer starts a card payment', JSON.stringify(intent.body));
    const paid = await call(
      origin,
      'POST',
      '/test-payments/confirm',
      { clientSecret: intent.body.clientSecret, cardNumber: '4242 4242 4242 4242', exp: '12/30', cvc: '123' },
      customer.cookie,
    );
    check(
      paid.status === 200 && paid.body.status === 'requires_capture',
      'the card payment is authorised (held until the shop accepts) and places the order',
      JSON.stringify(paid.body),
    );
    for (const [what, orderId] of [
      ['cash', cash.body.insertedId as string],
      ['card', intent.body.orderId as string],
    ] as const) {
      await adminSocket.waitFor(ORDER_RECEIVED, orderId, EVENT_MS);
      check(true, `the admin's socket heard the ${what} order ${orderId}`);
    }

    // nginx's access log (the container's output) names the process that answered each request.
    const addressOf = (id: string) =>
      Object.values(inspect(id).NetworkSettings.Networks as Record<string, { IPAddress: string }>)[0]?.IPAddress;
    const served = compose('logs', '--no-color', 'nginx')
      .split('\n')
      .map(parseAccessLogLine)
      .filter((line) => (line.method === 'GET' || line.method === 'POST') && line.path.startsWith('/api/'))
      .map((line) => line.upstream.replace(/:3000$/, ''));
    const perShop = shops.map((id) => served.filter((upstream) => upstream === addressOf(id)).length);
    check(
      perShop.every((count) => count > 0),
      `round-robin: both processes served the API through nginx (${perShop.join(' and ')} requests)`,
    );

    // The menu's pictures are drawn at the first start; a deal's carries its title in letters (fonts in the image).
    const products = (await (await fetch(`${origin}/api/allproduts`)).json()) as Array<{
      title: string;
      dealSlots: unknown[] | null;
      imageUrl: string;
    }>;
    const deal = products.find((product) => (product.dealSlots ?? []).length > 0);
    const picture = deal ? await fetch(`${origin}${deal.imageUrl}`) : null;
    const picturePath = path.join(dir, 'deal.webp');
    if (picture) writeFileSync(picturePath, Buffer.from(await picture.arrayBuffer()));
    const fonts = run('docker', ['exec', shops[0] as string, 'fc-match', 'Helvetica'], { allowFail: true }).trim();
    check(
      picture?.status === 200 && /DejaVu|Liberation|Nimbus|Arial|Helvetica/.test(fonts),
      `a deal's picture is served (${deal?.title}) and its lettering has a font (fc-match Helvetica: ${fonts || 'none'})`,
    );

    const memory = run('docker', ['stats', '--no-stream', '--format', '{{.Name}} {{.MemUsage}}', ...shops])
      .trim()
      .split('\n');
    console.info(`... memory after the purchase: ${memory.join('; ')}`);
    const image = inspect(run('docker', ['inspect', '--format', '{{.Image}}', shops[0] as string]).trim());
    console.info(`... image ${image.RepoTags?.[0] ?? image.Id}: ${(image.Size / 1e6).toFixed(0)} MB uncompressed`);

    // A stop lets each process finish and close (exit 0); a start finds the orders in PostgreSQL's volume.
    const stopStarted = Date.now();
    compose('stop', 'shop');
    const stopS = (Date.now() - stopStarted) / 1000;
    const exits = shops.map((id) => inspect(id).State.ExitCode as number);
    check(
      exits.every((code) => code === 0),
      `docker compose stop: both processes exit 0 on SIGTERM (${stopS.toFixed(1)} s)`,
      shopLogs(),
    );
    compose('up', '--detach', '--wait', '--wait-timeout', String(HEALTHY_S), 'shop');
    const order = await call(origin, 'GET', `/buy-product/${cash.body.insertedId}`, undefined, customer.cookie);
    check(
      order.status === 200 && order.body._id === cash.body.insertedId,
      'after a restart the customer still finds the order and is still signed in (sessions in PostgreSQL)',
      JSON.stringify(order.body),
    );
    console.info(`All checks held. Deal picture kept at ${picturePath} to look at.`);
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    console.error(compose('ps', '--all'));
    return 1;
  } finally {
    for (const socket of sockets) socket.close();
    run('docker', ['compose', '-p', project, '--env-file', envFile, 'down', '--volumes', '--timeout', '30'], { allowFail: true });
    rmSync(envFile, { force: true });
  }
}

process.exitCode = await main();
