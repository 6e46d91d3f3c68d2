// Changing the e-mail in the profile (issue 19, point 6; decision 0705): the new address is confirmed by a code
// mailed to it, the old one signs in until then, and once it changes every other session of the account ends.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CONFIRMED, emailChangeSent, INVALID_EMAIL_CODE, PROFILE_UPDATED } from '@shop/shared/contract/auth';
import { emailChanges } from '../src/db/schema';
import { call } from './account-test-client';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { signInAs, type SignedIn } from './sign-in';
import { startInbox, type TestInbox } from './smtp-inbox';
import { connectSocket } from './socket-client';

const PASSWORD = 'Margherita-2026';
let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}${++counter}-${Date.now().toString(36)}@example.com`;

describe.each(testDatabases())('changing the e-mail on %s', (kind) => {
  let server: TestServer;
  let inbox: TestInbox;
  const api = (method: string, path: string, body?: unknown, cookie?: string) =>
    call(server.url, method, path, { body, cookie: cookie ?? null });

  beforeAll(async () => {
    inbox = await startInbox();
    server = await startTestServer({ db: kind, env: { SMTP_URL: inbox.url } });
  });
  afterAll(async () => {
    await server?.close();
    await inbox?.close();
  });

  /** The same customer signed in on two devices. */
  async function customerOnTwoDevices(prefix: string): Promise<{ phone: SignedIn; laptop: SignedIn }> {
    const email = uniqueEmail(prefix);
    const phone = await signInAs(server, { email, password: PASSWORD, username: 'Ada Lovelace' });
    const laptop = await signInAs(server, { email, password: PASSWORD });
    return { phone, laptop };
  }

  async function codeMailedTo(address: string): Promise<string> {
    await expect.poll(() => inbox.to(address).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const code = /Your code: ([A-Z0-9]{4})/.exec(inbox.to(address).at(-1)?.raw ?? '')?.[1];
    if (!code) throw new Error(`no code in the mail to ${address}`);
    return code;
  }

  const signedIn = async (who: SignedIn, email: string) => (await api('GET', `/alluser/${email}`, undefined, who.cookie)).status === 200;
  const login = async (email: string) => (await api('POST', '/login/', { email, password: PASSWORD })).status;

  it('mails a code to the new address and a notice to the old one; the old address signs in until the code comes back', async () => {
    const { phone, laptop } = await customerOnTwoDevices('mover');
    const oldEmail = phone.user.email;
    const newEmail = uniqueEmail('moved');

    const asked = await api('PUT', '/profile', { username: 'Ada King', email: newEmail, password: PASSWORD }, phone.cookie);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      result: true,
      message: emailChangeSent(newEmail, oldEmail),
      user: { email: oldEmail, username: 'Ada King', role: 'customer', emailVerified: false },
      pendingEmail: newEmail,
    });
    const code = await codeMailedTo(newEmail);
    await expect.poll(() => inbox.to(oldEmail).length, { timeout: 10_000 }).toBe(1);
    expect(inbox.to(oldEmail)[0]?.raw).toMatch(/^Subject: Your e-mail address is being changed/m);
    expect(inbox.to(oldEmail)[0]?.raw).not.toContain(code);

    // Nothing has changed yet: the old address signs in, the new one does not, both devices are signed in.
    expect(await login(oldEmail)).toBe(200);
    expect(await login(newEmail)).toBe(401);
    expect(await signedIn(laptop, oldEmail)).toBe(true);

    const wrong = await api('POST', '/profile/confirm-email', { code: code === 'AAAA' ? 'BBBB' : 'AAAA' }, phone.cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_EMAIL_CODE', message: INVALID_EMAIL_CODE, result: false });

    const laptopSocket = await connectSocket(server.url, { cookie: laptop.cookie });
    const laptopDropped = new Promise<void>((resolve) => laptopSocket.socket.once('disconnect', () => resolve()));
    const confirmed = await api('POST', '/profile/confirm-email', { code: code.toLowerCase() }, phone.cookie);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({
      result: true,
      message: EMAIL_CONFIRMED,
      user: { email: newEmail, username: 'Ada King', role: 'customer', emailVerified: true },
    });

    // The device that confirmed stays signed in; the other is signed out, its live socket closed.
    expect(await signedIn(phone, newEmail)).toBe(true);
    expect((await api('GET', `/alluser/${newEmail}`, undefined, laptop.cookie)).status).toBe(401);
    await laptopDropped;
    laptopSocket.close();
    expect(await login(newEmail)).toBe(200);
    expect(await login(oldEmail)).toBe(401);

    // The code works once.
    expect((await api('POST', '/profile/confirm-email', { code }, phone.cookie)).status).toBe(400);
  });

  it('kills the code after 5 wrong tries, even for the right code afterwards', async () => {
    const { phone } = await customerOnTwoDevices('guesser');
    const newEmail = uniqueEmail('guessed');
    expect((await api('PUT', '/profile', { username: 'G', email: newEmail, password: PASSWORD }, phone.cookie)).status).toBe(200);
    const code = await codeMailedTo(newEmail);
    const wrong = code === 'AAAA' ? 'BBBB' : 'AAAA';
    for (let i = 0; i < 5; i += 1) expect((await api('POST', '/profile/confirm-email', { code: wrong }, phone.cookie)).status).toBe(400);
    expect((await api('POST', '/profile/confirm-email', { code }, phone.cookie)).status).toBe(400);
    expect(await login(newEmail)).toBe(401);
  });

  it('refuses an address that has an account (409, nothing mailed), and a change without the current password (403)', async () => {
    const { phone } = await customerOnTwoDevices('taker');
    const other = await signInAs(server, { email: uniqueEmail('owner') });
    const taken = await api('PUT', '/profile', { username: 'T', email: other.user.email, password: PASSWORD }, phone.cookie);
    expect(taken.status).toBe(409);
    const newEmail = uniqueEmail('unasked');
    const noPassword = await api('PUT', '/profile', { username: 'T', email: newEmail, password: 'wrong-password-1' }, phone.cookie);
    expect(noPassword.status).toBe(403);
    expect(await server.app.db.select().from(emailChanges).where(eq(emailChanges.userId, phone.user.id))).toEqual([]);
    expect(inbox.to(other.user.email)).toEqual([]);
    expect(inbox.to(newEmail)).toEqual([]);
  });

  it('keeps a profile save without a new e-mail as it was: the name changes at once, no code, no session ends', async () => {
    const { phone, laptop } = await customerOnTwoDevices('renamer');
    const saved = await api(
      'PUT',
      '/profile',
      { username: 'New Name', email: phone.user.email.toUpperCase(), password: PASSWORD },
      phone.cookie,
    );
    expect(saved.body).toEqual({
      result: true,
      message: PROFILE_UPDATED,
      user: { email: phone.user.email, username: 'New Name', role: 'customer', emailVerified: false },
    });
    expect(await signedIn(laptop, phone.user.email)).toBe(true);
    expect(inbox.to(phone.user.email)).toEqual([]);
  });
});
