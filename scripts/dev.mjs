// Development: the API server (restarting on change) and Vite's dev server (proxying /api and the socket to it) side
// by side. The browser is on Vite's page, so that is the shop's origin: the server is told so (PUBLIC_ORIGIN), or it
// would refuse every change the page sends as coming from another site. PORT (default 3000) is the API server's,
// WEB_PORT (default 5173) Vite's; Vite takes exactly that port or stops, so the origin the server was told holds.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT || '3000';
const webPort = process.env.WEB_PORT || '5173';
const env = { ...process.env, PORT: apiPort, PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN || `http://localhost:${webPort}` };

const children = [
  // From the repository root, so DATA_DIR=./data means the same folder as for npm start.
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { stdio: 'inherit', env }),
  // apps/web/vite.config.ts proxies to the API server on PORT.
  spawn('npm', ['run', 'dev', '-w', 'apps/web', '--', '--port', webPort, '--strictPort'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
