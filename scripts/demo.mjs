// `npm run demo`: the shop on an embedded database of its own (./demo-data unless DATA_DIR says otherwise) that
// is filled, on first start, with a month of made-up orders in every status and payment type, so the dashboard,
// the order lists and the order pages have something to show. The admin sign-in is printed as with `npm start`.
// Delete ./demo-data to start the demo afresh (the orders are drawn around the moment of the first start).
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/**
 * What the demo adds to the environment, each unless already set: a made-up shop in Bristol (the demo customers'
 * city) with delivery zones around it (seed/demo.ts, decision 1001), and a made-up trader there, so the footer,
 * checkout's 'Collect from' and the receipts name it rather than the placeholder London shop (decision 1002). The
 * phone is from Ofcom's range kept for drama in Bristol (0117 496 0000 to 0999): it rings no one; example.com mails
 * no one (RFC 2606).
 */
export function demoEnv(env = process.env) {
  return {
    DATA_DIR: env.DATA_DIR || './demo-data',
    DEMO_ORDERS: 'true',
    SHOP_POSTCODE: env.SHOP_POSTCODE || 'BS1 4DJ',
    SHOP_NAME: env.SHOP_NAME || 'Harbourside Slice',
    SHOP_ADDRESS: env.SHOP_ADDRESS || '24 Quayside Lane, Bristol BS1 4DJ',
    SHOP_PHONE: env.SHOP_PHONE || '0117 496 0321',
    SHOP_EMAIL: env.SHOP_EMAIL || 'hello@example.com',
  };
}

// Run as a script (not imported by a test): `npm run demo` builds first (web app and server), so this runs the
// compiled server, as `npm start` does.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // The command and malloc setting of `npm run serve` and the image (decision 1102).
  const args = ['--liftoff-only', '--max-semi-space-size=4', '--enable-source-maps', 'apps/server/dist/main.js'];
  const child = spawn(process.execPath, args, {
    stdio: 'inherit',
    env: { MALLOC_ARENA_MAX: '2', ...process.env, ...demoEnv(process.env) },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
