// `npm run demo`: the shop on an embedded database of its own (./demo-data unless DATA_DIR says otherwise) that
// is filled, on first start, with a month of made-up orders in every status and payment type, so the dashboard,
// the order lists and the order pages have something to show. The admin sign-in is printed as with `npm start`.
// Delete ./demo-data to start the demo afresh (the orders are drawn around the moment of the first start).
import { spawn } from 'node:child_process';

// `npm run demo` builds first (web app and server), so this runs the compiled server, as `npm start` does.
const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  stdio: 'inherit',
  // A made-up shop in Bristol (the demo customers' city) with delivery zones around it (seed/demo.ts, decision 1001).
  env: {
    ...process.env,
    DATA_DIR: process.env.DATA_DIR || './demo-data',
    DEMO_ORDERS: 'true',
    SHOP_POSTCODE: process.env.SHOP_POSTCODE || 'BS1 4DJ',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
