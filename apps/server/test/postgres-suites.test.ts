import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { currentTestFile, POSTGRES_SUITES, testDatabases } from './harness';

// The harness runs the suites of POSTGRES_SUITES on PostgreSQL too (decision 0706). A suite moved or renamed would
// quietly run on PGlite only: each listed path must be a suite that asks the harness for its databases.
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('the suites that run on PostgreSQL too', () => {
  it('are each an API suite that asks testDatabases(), with a reason', () => {
    expect(Object.keys(POSTGRES_SUITES).length).toBeGreaterThan(0);
    for (const [suite, reason] of Object.entries(POSTGRES_SUITES)) {
      const source = readFileSync(path.join(ROOT, suite), 'utf8');
      expect(source, suite).toMatch(/describe\.each\(testDatabases\(\)\)/);
      expect(reason.length, suite).toBeGreaterThan(10);
    }
  });

  it('are found by the file vitest runs', () => {
    expect(currentTestFile()).toBe('apps/server/test/postgres-suites.test.ts');
    // This file is not listed, so it runs on PGlite alone whatever TEST_DATABASE_URL says (unless TEST_POSTGRES=all).
    if (process.env.TEST_POSTGRES !== 'all') expect(testDatabases()).toEqual(['pglite']);
  });
});
