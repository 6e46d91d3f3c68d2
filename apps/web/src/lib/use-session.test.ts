import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSession } from './use-session';

function serverAnswers(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchSession', () => {
  it('returns the signed-in user', async () => {
    serverAnswers(200, { user: { email: 'c@example.com', username: 'Cat', role: 'user' } });
    await expect(fetchSession()).resolves.toEqual({ email: 'c@example.com', username: 'Cat', role: 'user' });
  });

  it.each([401, 404])('treats %s as signed out', async (status) => {
    serverAnswers(status, { statusCode: status, message: 'no' });
    await expect(fetchSession()).resolves.toBeNull();
  });

  it('lets a server failure surface', async () => {
    serverAnswers(500, { statusCode: 500, message: 'boom' });
    await expect(fetchSession()).rejects.toMatchObject({ status: 500 });
  });
});
