import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Every decision record says when it was taken and whether it still holds, just under its title:
//   Date: 2026-11-21
//   Status: Accepted | Superseded by NNNN ...
const folder = new URL('../docs/decisions/', import.meta.url);
const files = readdirSync(folder).filter((name) => /^\d{4}-.*\.md$/.test(name));
const numbers = new Set(files.map((name) => name.slice(0, 4)));

function head(name: string): string[] {
  return readFileSync(new URL(name, folder), 'utf8').split('\n').slice(0, 6);
}

describe('decision records', () => {
  it('exist', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files)('%s has a date and a status under its title', (name) => {
    const lines = head(name);
    expect(lines[0]).toMatch(new RegExp(`^# ${name.slice(0, 4)} `));
    const date = lines.find((line) => line.startsWith('Date:'));
    const status = lines.find((line) => line.startsWith('Status:'));
    expect(date).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/);
    expect(status).toMatch(/^Status: (Accepted|Superseded by \d{4})\b/);
    const by = /^Status: Superseded by (\d{4})/.exec(status ?? '')?.[1];
    if (by) expect(numbers.has(by), `${name} is superseded by ${by}, which does not exist`).toBe(true);
  });
});
