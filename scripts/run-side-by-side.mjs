// Runs npm scripts at the same time and fails when any fails: `node scripts/run-side-by-side.mjs typecheck lint`.
// tsc and eslint each use one core, so on CI's two they take the time of the longer one, not of both (decision
// 0706). Each script's output is printed whole once it ends, so the two never interleave.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        process.stdout.write(`> ${script}: ${code === 0 ? 'passed' : `failed (${code})`} in ${seconds} s\n`);
        process.stdout.write(Buffer.concat(output));
        resolve(code === 0);
      });
    }),
);
const passed = await Promise.all(runs);
process.exit(passed.every(Boolean) ? 0 : 1);
