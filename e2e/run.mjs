// Runs the Playwright journeys in Debian's Chromium. Outside CI a missing browser skips them with a
// clear line; in CI it is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const line = `Browser tests need Chromium at ${chromium} (apt-get install -y chromium).`;
  if (process.env.CI) {
    console.error(`FAIL: ${line}`);
    process.exit(1);
  }
  console.warn(`SKIPPED browser tests: ${line}`);
  process.exit(0);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
