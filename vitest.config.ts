import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// CI runs the suites of .ci/node24-suites under Node 24 instead (decision 0706): with NODE24_SUITES_APART=1 this
// run leaves them out.
const node24Suites = process.env.NODE24_SUITES_APART
  ? readFileSync(new URL('.ci/node24-suites', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'))
  : [];

const shared = { testTimeout: 30000, hookTimeout: 60000, pool: 'forks' as const };

export default defineConfig({
  test: {
    // One file more than the CPUs (decision 0706): three on CI's two cores. vitest's default, one worker fewer than
    // the CPUs, leaves the cores half idle while a suite waits on the PostgreSQL server, a child process, a socket or
    // a timer; with a file more than the cores, the CPU-bound files (jsdom, PGlite) fill that time.
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        test: {
          ...shared,
          name: 'node',
          include: [
            'test/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/server/test/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
          ],
          exclude: ['**/node_modules/**', 'apps/web/src/**/*.dom.test.tsx', ...node24Suites],
        },
      },
      {
        // Screens rendered by Testing Library in jsdom, as a user would use them.
        test: {
          ...shared,
          // A screen walked through click by click in jsdom is CPU-bound: with three files on two cores its longest
          // journeys take twice their quiet time. The timeout is there to catch a hang, not to time a screen.
          testTimeout: 90000,
          name: 'dom',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.dom.test.tsx'],
          setupFiles: ['apps/web/test/component-setup.ts'],
        },
      },
    ],
  },
});
