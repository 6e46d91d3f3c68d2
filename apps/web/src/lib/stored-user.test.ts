import { describe, expect, it } from 'vitest';
import { rememberUser, STORED_USER_KEY } from './stored-user';

describe('rememberUser', () => {
  it('stores email, displayName and role, and forgets them at sign-out', () => {
    const items = new Map<string, string>();
    const storage = { setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
    rememberUser({ email: 'c@example.com', username: 'Cat', role: 'customer' }, storage);
    expect(JSON.parse(items.get(STORED_USER_KEY) ?? '')).toEqual({ email: 'c@example.com', displayName: 'Cat', role: 'customer' });
    rememberUser(null, storage);
    expect(items.has(STORED_USER_KEY)).toBe(false);
  });
});
