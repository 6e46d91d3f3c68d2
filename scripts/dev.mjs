// Development: the API server (restarting on change) and Vite's dev server (proxying /api) side by side.
import { spawn } from 'node:child_process';

const children = [
  // From the repository root, so DATA_DIR=./data means the same folder as for npm start.
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => { stop(); process.exitCode = code ?? 0; }));
