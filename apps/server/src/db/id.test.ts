import { describe, expect, it } from 'vitest';
import { isId, newId } from './id';

describe('newId', () => {
  it('is 24 lowercase hex characters', () => {
    for (let i = 0; i < 100; i += 1) expect(newId()).toMatch(/^[0-9a-f]{24}$/);
  });

  it('starts with the creation time in seconds', () => {
    const id = newId(new Date('2026-11-18T18:00:00Z'));
    expect(parseInt(id.slice(0, 8), 16)).toBe(Date.parse('2026-11-18T18:00:00Z') / 1000);
  });

  it('is unique and sorts by creation order within the process', () => {
    const ids = Array.from({ length: 5000 }, () => newId(new Date('2026-11-18T18:00:00Z')));
    expect(new Set(ids).size).toBe(ids.length);
    const later = newId(new Date('2026-11-18T18:00:01Z'));
    expect(later > ids[0]!).toBe(true);
  });

  it('differs in the last six characters between consecutive ids', () => {
    const a = newId();
    const b = newId();
    expect(a.slice(18)).not.toBe(b.slice(18));
  });

  it('isId accepts ids and rejects anything else', () => {
    expect(isId(newId())).toBe(true);
    expect(isId('ABCDEF0123456789abcdef01')).toBe(false);
    expect(isId('123')).toBe(false);
  });
});
