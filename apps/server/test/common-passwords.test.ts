// Passwords from breach lists and passwords of spaces are refused wherever a password is chosen: sign-up, the reset
// code's new password, and the admin's ADMIN_PASSWORD (issue 19, point 6; ASVS 6.2.4).
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_ONLY_SPACES, PASSWORD_TOO_COMMON } from '@shop/shared/domain/account-rules';
import { loadConfig } from '../src/config';
import { users } from '../src/db/schema';
import { isCommonPassword } from '../src/modules/auth/common-passwords';
import { call } from './account-test-client';
import { startTestServer, testDatabases, TEST_ADMIN_PASSWORD, type TestServer } from './harness';
import { signInAs } from './sign-in';
import { startInbox, type TestInbox } from './smtp-inbox';

/** The list as the package ships it: the most common first. */
const ranked = createRequire(import.meta.url)('@zxcvbn-ts/language-common/src/passwords.json') as string[];

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}${++counter}-${Date.now().toString(36)}@example.com`;

describe('the list of common passwords', () => {
  it('holds the 10,000 most common, in any case and with spaces around them, and nothing after them', () => {
    for (const password of ['password', '12345678', 'PASSWORD', ' Password ', 'qwertyuiop', 'iloveyou', 'Manchester'])
      expect(isCommonPassword(password), password).toBe(true);
    expect(isCommonPassword(ranked[9999] ?? '')).toBe(true);
    // The next one is refused only if it is another spelling of one of the 10,000.
    const next = ranked[10000] ?? '';
    expect(isCommonPassword(next)).toBe(ranked.slice(0, 10000).some((p) => p.toLowerCase() === next.toLowerCase()));
    for (const password of ['a-Strong-password-1', 'Margherita-2026', TEST_ADMIN_PASSWORD])
      expect(isCommonPassword(password), password).toBe(false);
  });

  it('refuses a common ADMIN_PASSWORD at start-up, naming the variable', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'password1' })).toThrow(
      'ADMIN_PASSWORD is one of the 10,000 most common passwords, the first tried against accounts: choose another, got "password1"',
    );
    expect(loadConfig({ ADMIN_PASSWORD: 'Grace-Hopper-1906' }).adminPassword).toBe('Grace-Hopper-1906');
  });
});

describe.each(testDatabases())('choosing a password on %s', (kind) => {
  let server: TestServer;
  let inbox: TestInbox;
  const api = (method: string, path: string, body?: unknown) => call(server.url, method, path, { body });

  beforeAll(async () => {
    inbox = await startInbox();
    server = await startTestServer({ db: kind, env: { SMTP_URL: inbox.url } });
  });
  afterAll(async () => {
    await server?.close();
    await inbox?.close();
  });

  async function accountExists(email: string): Promise<boolean> {
    return (await server.app.db.select().from(users).where(eq(users.email, email))).length > 0;
  }

  it.each([
    ['password', 'PASSWORD_TOO_COMMON', PASSWORD_TOO_COMMON],
    ['12345678', 'PASSWORD_TOO_COMMON', PASSWORD_TOO_COMMON],
    ['Password', 'PASSWORD_TOO_COMMON', PASSWORD_TOO_COMMON],
    ['        ', null, PASSWORD_ONLY_SPACES],
    ['\t\t\t\t    ', null, PASSWORD_ONLY_SPACES],
  ])('sign-up refuses %j with 400 (code %s), and makes no account', async (password, code, message) => {
    const email = uniqueEmail('common');
    const answer = await api('POST', '/register/', { username: 'Common Choice', email, password });
    expect(answer.status).toBe(400);
    // Spaces alone are the contract's own refusal, a validation failure of the form.
    expect(answer.body).toMatchObject({ statusCode: 400, message, result: false, ...(code ? { code } : {}) });
    expect(await accountExists(email)).toBe(false);
  });

  it('sign-up takes a password that is not on the list, spaces inside included', async () => {
    const email = uniqueEmail('fine');
    expect((await api('POST', '/register/', { username: 'Fine Choice', email, password: 'four words of spaces' })).status).toBe(201);
  });

  it('a reset refuses a common new password without using up the code, which then sets a good one', async () => {
    const { user } = await signInAs(server, { email: uniqueEmail('resetter'), password: 'Old-password-123' });
    expect((await api('POST', '/forgot-password/', { email: user.email })).status).toBe(200);
    await expect.poll(() => inbox.to(user.email).length, { timeout: 10_000 }).toBe(1);
    const otp = /Your code: ([A-Z0-9]{4})/.exec(inbox.to(user.email)[0]?.raw ?? '')?.[1] ?? '';

    // More refusals than a code has tries (5): none of them costs one.
    for (const password of ['password', 'iloveyou', 'football', 'qwertyuiop', 'sunshine', '11111111', '        ']) {
      const refused = await api('POST', '/change-password/', { email: user.email, otp, password });
      expect(refused.status, password).toBe(400);
      if (password.trim() !== '') expect((refused.body as { code: string }).code, password).toBe('PASSWORD_TOO_COMMON');
    }
    const changed = await api('POST', '/change-password/', { email: user.email, otp, password: 'New-password-456' });
    expect(changed.status).toBe(200);
    expect((await api('POST', '/login/', { email: user.email, password: 'New-password-456' })).status).toBe(200);
  });
});
