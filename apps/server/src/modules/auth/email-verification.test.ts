// The account proves it holds its e-mail with a code mailed there (POST /api/profile/verify-email and /confirm); a
// password reset by code and a confirmed e-mail change prove it too. The session says so: `user.emailVerified`.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_ALREADY_VERIFIED, EMAIL_VERIFIED, INVALID_OTP_ANSWER, TOO_MANY_ATTEMPTS } from '@shop/shared/contract/auth';
import { call, expectNoSecrets, seenBodies } from '../../../test/account-test-client';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { startInbox, type TestInbox } from '../../../test/smtp-inbox';
import { users } from '../../db/schema';
import { isEmailVerified } from './public';

const PASSWORD = 'Margherita-2026';
let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}${++counter}-${Date.now().toString(36)}@example.com`;

describe.each(testDatabases())('verifying the e-mail with a mailed code on %s', (kind) => {
  let server: TestServer;
  let inbox: TestInbox;
  const api = (method: string, path: string, body?: unknown, cookie?: string) =>
    call(server.url, method, path, { body, cookie: cookie ?? null });

  beforeAll(async () => {
    inbox = await startInbox();
    server = await startTestServer({ db: kind, env: { SMTP_URL: inbox.url } });
  });
  afterAll(async () => {
    // No answer and no mail carries a password or a hash.
    expectNoSecrets([seenBodies, inbox.mails], [PASSWORD]);
    await server?.close();
    await inbox?.close();
  });

  /** Signs up through the route, as a customer does: answers the session cookie and the e-mail. */
  async function signUp(prefix: string): Promise<{ cookie: string; email: string; id: string }> {
    const email = uniqueEmail(prefix);
    const answer = await api('POST', '/register/', { username: 'Ada Lovelace', email, password: PASSWORD });
    expect(answer.status).toBe(201);
    expect(answer.body.user).toEqual({ email, username: 'Ada Lovelace', role: 'customer', emailVerified: false });
    const [row] = await server.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const id = row?.id;
    if (!answer.cookie || !id) throw new Error('signed up without a session');
    return { cookie: answer.cookie, email, id };
  }

  /** The code in the n-th mail to this address (1-based), once it has arrived. */
  async function codeMailedTo(address: string, nth = 1): Promise<string> {
    await expect.poll(() => inbox.to(address).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(nth);
    const code = /Your code: ([A-Z0-9]{4})/.exec(inbox.to(address)[nth - 1]?.raw ?? '')?.[1];
    if (!code) throw new Error(`no code in mail ${nth} to ${address}`);
    return code;
  }

  const wrongCodeFor = (code: string) => (code === 'AAAA' ? 'BBBB' : 'AAAA');
  const session = async (cookie: string) => (await api('GET', '/session', undefined, cookie)).body.user as Record<string, unknown>;

  it('mails a code to the account’s e-mail; the right code verifies it at the shop clock’s now, and the session says so', async () => {
    const ada = await signUp('verify');
    expect(await session(ada.cookie)).toMatchObject({ email: ada.email, emailVerified: false });

    const sent = await api('POST', '/profile/verify-email', undefined, ada.cookie);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ result: 'sent' });
    const code = await codeMailedTo(ada.email);
    expect(inbox.to(ada.email)[0]?.raw).toMatch(/^Subject: Verify your e-mail address/m);

    const wrong = await api('POST', '/profile/verify-email/confirm', { code: wrongCodeFor(code) }, ada.cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_OTP', message: INVALID_OTP_ANSWER, result: false });
    expect(await session(ada.cookie)).toMatchObject({ emailVerified: false });

    const confirmed = await api('POST', '/profile/verify-email/confirm', { code: ` ${code.toLowerCase()} ` }, ada.cookie);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({
      result: 'verified',
      message: EMAIL_VERIFIED,
      user: { email: ada.email, username: 'Ada Lovelace', role: 'customer', emailVerified: true },
    });
    expect(await session(ada.cookie)).toEqual({ email: ada.email, username: 'Ada Lovelace', role: 'customer', emailVerified: true });
    const login = await api('POST', '/login/', { email: ada.email, password: PASSWORD });
    expect(login.body.user).toMatchObject({ emailVerified: true });
    const [row] = await server.app.db.select().from(users).where(eq(users.id, ada.id));
    expect(row?.emailVerifiedAt?.toISOString()).toBe(server.app.now().toISOString());
    expect(await isEmailVerified(server.app.db, ada.id)).toBe(true);

    // Verified already: no code is sent, and a code is not looked at.
    const again = await api('POST', '/profile/verify-email', undefined, ada.cookie);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'EMAIL_ALREADY_VERIFIED', message: EMAIL_ALREADY_VERIFIED, result: false });
    expect((await api('POST', '/profile/verify-email/confirm', { code }, ada.cookie)).status).toBe(409);
    expect(inbox.to(ada.email)).toHaveLength(1);
  });

  it('refuses signed out (401), a malformed code (400 naming the code), and a code once its 10 minutes are over', async () => {
    expect((await api('POST', '/profile/verify-email')).status).toBe(401);
    expect((await api('POST', '/profile/verify-email/confirm', { code: 'ABCD' })).status).toBe(401);

    const bea = await signUp('late');
    const malformed = await api('POST', '/profile/verify-email/confirm', { code: 'ABCDE' }, bea.cookie);
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'VALIDATION_FAILED', message: INVALID_OTP_ANSWER });
    expect((await api('POST', '/profile/verify-email/confirm', { code: 'ABCD', extra: 1 }, bea.cookie)).status).toBe(400);

    const issuedAt = server.app.now();
    const realNow = server.app.now;
    try {
      await api('POST', '/profile/verify-email', undefined, bea.cookie);
      const code = await codeMailedTo(bea.email);
      server.app.now = () => new Date(issuedAt.getTime() + 10 * 60_000);
      const late = await api('POST', '/profile/verify-email/confirm', { code }, bea.cookie);
      expect(late.status).toBe(400);
      expect(late.body).toMatchObject({ code: 'INVALID_OTP', message: INVALID_OTP_ANSWER });
      expect(await session(bea.cookie)).toMatchObject({ emailVerified: false });
    } finally {
      server.app.now = realNow;
    }
  });

  it('kills the code after 5 wrong tries, and a newer code voids the older', async () => {
    const cal = await signUp('guess');
    await api('POST', '/profile/verify-email', undefined, cal.cookie);
    const first = await codeMailedTo(cal.email);
    for (let i = 0; i < 5; i += 1) {
      expect((await api('POST', '/profile/verify-email/confirm', { code: wrongCodeFor(first) }, cal.cookie)).status).toBe(400);
    }
    expect((await api('POST', '/profile/verify-email/confirm', { code: first }, cal.cookie)).status).toBe(400);

    // Two new codes; the older stops working (the two could be equal once in a million: then the test says nothing).
    await api('POST', '/profile/verify-email', undefined, cal.cookie);
    const older = await codeMailedTo(cal.email, 2);
    await api('POST', '/profile/verify-email', undefined, cal.cookie);
    const newer = await codeMailedTo(cal.email, 3);
    if (older !== newer) expect((await api('POST', '/profile/verify-email/confirm', { code: older }, cal.cookie)).status).toBe(400);
    expect((await api('POST', '/profile/verify-email/confirm', { code: newer }, cal.cookie)).status).toBe(200);
  });

  it('limits the codes mailed to one account: 5 an hour, then 429', async () => {
    const dan = await signUp('often');
    for (let i = 0; i < 5; i += 1) expect((await api('POST', '/profile/verify-email', undefined, dan.cookie)).status).toBe(200);
    const sixth = await api('POST', '/profile/verify-email', undefined, dan.cookie);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: TOO_MANY_ATTEMPTS, result: false });
    await expect.poll(() => inbox.to(dan.email).length, { timeout: 10_000 }).toBe(5);
  });

  it('limits wrong codes to 10 an hour per account (a dead code’s tries count too), then 429', async () => {
    const eve = await signUp('wrong');
    await api('POST', '/profile/verify-email', undefined, eve.cookie);
    const wrong = wrongCodeFor(await codeMailedTo(eve.email));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await api('POST', '/profile/verify-email/confirm', { code: wrong }, eve.cookie)).status);
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);
  });

  it('a password reset by code verifies the e-mail, since the code came to its mailbox', async () => {
    const fay = await signUp('reset');
    expect((await api('POST', '/forgot-password/', { email: fay.email })).status).toBe(200);
    const code = await codeMailedTo(fay.email);
    expect((await api('POST', '/change-password/', { email: fay.email, otp: code, password: 'A-new-password-77' })).status).toBe(200);
    const login = await api('POST', '/login/', { email: fay.email, password: 'A-new-password-77' });
    expect(login.body.user).toMatchObject({ email: fay.email, emailVerified: true });
  });

  it('a confirmed e-mail change verifies the new address, and the codes mailed to the old one die', async () => {
    const gus = await signUp('mover');
    // A verification code to the old address, not used yet.
    await api('POST', '/profile/verify-email', undefined, gus.cookie);
    const oldCode = await codeMailedTo(gus.email);

    const newEmail = uniqueEmail('moved');
    expect((await api('PUT', '/profile', { username: 'Gus', email: newEmail, password: PASSWORD }, gus.cookie)).status).toBe(200);
    const changeCode = await codeMailedTo(newEmail);
    const changed = await api('POST', '/profile/confirm-email', { code: changeCode }, gus.cookie);
    expect(changed.status).toBe(200);
    expect(changed.body.user).toEqual({ email: newEmail, username: 'Gus', role: 'customer', emailVerified: true });
    expect(await session(gus.cookie)).toMatchObject({ email: newEmail, emailVerified: true });

    // The old address's code can no longer reset the password of the account.
    const reset = await api('POST', '/change-password/', { email: newEmail, otp: oldCode, password: 'A-new-password-77' });
    expect(reset.status).toBe(400);
  });
});
