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

  // What the shop answers a visitor (decision 0105).
  it('takes {user: null} as signed out', async () => {
    serverAnswers(200, { user: null });
    await expect(fetchSession()).resolves.toBeNull();
  });

  it.each([
    [401, 'SIGN_IN_REQUIRED'],
    [404, 'NOT_FOUND'],
  ])('treats %s %s as signed out', async (status, code) => {
    serverAnswers(status, { statusCode: status, error: 'x', message: 'no', code });
    await expect(fetchSession()).resolves.toBeNull();
  });

  it('goes by the code, not the status: another refusal surfaces', async () => {
    serverAnswers(404, { statusCode: 404, error: 'Not Found', message: 'No account with this email.', code: 'ACCOUNT_NOT_FOUND' });
    await expect(fetchSession()).rejects.toMatchObject({ status: 404, code: 'ACCOUNT_NOT_FOUND' });
  });

  it('lets a server failure surface', async () => {
    serverAnswers(500, { statusCode: 500, message: 'boom' });
    await expect(fetchSession()).rejects.toMatchObject({ status: 500 });
  });
});
