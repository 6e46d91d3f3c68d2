import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '@shop/shared/contract/errors';

// docs/api.md's "Errors" lists every code of the one table with its status: a code added to ERROR_CODES without a
// line there, a line left for a code that is gone, or a status that differs, fails here.
const api = readFileSync(new URL('../docs/api.md', import.meta.url), 'utf8');
const section = /\n## Errors\n([\s\S]*?)(\n## |$)/.exec(api)?.[1] ?? '';
const rows = new Map([...section.matchAll(/^\| `([A-Z0-9_]+)` \| (\d{3}) \| (.+) \|$/gm)].map((m) => [m[1] as string, Number(m[2])]));

describe('docs/api.md lists the error codes', () => {
  it('has an Errors section with a table', () => {
    expect(section).not.toBe('');
    expect(rows.size).toBeGreaterThan(10);
  });

  it.each(Object.entries(ERROR_CODES))('%s, with its status %i', (code, status) => {
    expect(rows.get(code), `no row for ${code} in docs/api.md's Errors`).toBe(status);
  });

  it('lists no code the table does not have', () => {
    expect([...rows.keys()].filter((code) => !(code in ERROR_CODES))).toEqual([]);
  });

  it('lists each code once', () => {
    const listed = [...section.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1] as ErrorCode);
    expect(listed.length).toBe(new Set(listed).size);
  });
});
