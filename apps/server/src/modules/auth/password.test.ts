import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const stored = await hashPassword('pizza-lover-42');
    expect(stored.startsWith('$argon2id$')).toBe(true);
    expect(stored).not.toContain('pizza-lover-42');
    expect(await verifyPassword(stored, 'pizza-lover-42')).toBe(true);
    expect(await verifyPassword(stored, 'pizza-lover-43')).toBe(false);
  });

  it('salts each hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('answers false for a malformed hash instead of throwing', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});
