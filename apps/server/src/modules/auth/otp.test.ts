import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_OTP_ANSWER, OTP_ALPHABET, OTP_MAX_ATTEMPTS } from '@shop/shared/contract/auth';
import { OTP_SENT, PASSWORD_UPDATED } from '@shop/shared/domain/messages';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { signInAs } from '../../../test/sign-in';
import { otpCodes } from '../../db/schema';
import { call, expectNoSecrets } from '../../../test/account-test-client';
import { startInbox, type ReceivedMail, type TestInbox } from '../../../test/smtp-inbox';
import { generateOtp } from './otp';

const PASSWORD = 'Old-password-123';
const NEW_PASSWORD = 'New-password-456';
let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}${++counter}-${Date.now().toString(36)}@example.com`;

describe('generateOtp', () => {
  it('draws 4 characters from the 32-symbol alphabet, all of which turn up', () => {
    expect(new Set(OTP_ALPHABET).size).toBe(32);
    const seen = new Set<string>();
    for (let i = 0; i < 500; i += 1) {
      const code = generateOtp();
      expect(code).toMatch(/^[A-Z2-9]{4}$/);
      for (const ch of code) {
        expect(OTP_ALPHABET).toContain(ch);
        seen.add(ch);
      }
    }
    // 2000 draws from 32 symbols: every symbol appears (missing one has odds around 1e-26).
    expect(seen.size).toBe(32);
  });
});

describe.each(testDatabases())('password recovery by e-mailed code on %s', (kind) => {
  let server: TestServer;
  let inbox: TestInbox;
  const api = (method: string, path: string, body?: unknown, cookie?: string) =>
    call(server.url, method, path, { body, cookie: cookie ?? null });

  beforeAll(async () => {
    inbox = await startInbox();
    server = await startTestServer({ db: kind, env: { SMTP_URL: inbox.url, MAIL_FROM: 'Shop <shop@example.com>' } });
  });
  afterAll(async () => {
    await server?.close();
    await inbox?.close();
  });

  /** Waits for the n-th mail to this address (1-based) and reads the code out of its body. */
  async function codeFromMail(to: string, nth = 1): Promise<string> {
    let mail: ReceivedMail | undefined;
    await expect
      .poll(
        () => {
          mail = inbox.mails.filter((m) => m.to.includes(to))[nth - 1];
          return mail;
        },
        { timeout: 10_000 },
      )
      .toBeDefined();
    const code = /Your code: ([A-Z0-9]{4})/.exec(mail?.raw ?? '')?.[1];
    if (!code) throw new Error(`no code in the mail:\n${mail?.raw}`);
    return code;
  }

  async function customer(prefix: string) {
    return signInAs(server, { email: uniqueEmail(prefix), password: PASSWORD });
  }

  const forgot = (email: string) => api('POST', '/forgot-password/', { email });
  const change = (email: string, otp: string, password = NEW_PASSWORD) => api('POST', '/change-password/', { email, otp, password });
  const login = (email: string, password: string) => api('POST', '/login/', { email, password });

  it('answers a known and an unknown e-mail alike, and mails a code only to the known one, through SMTP', async () => {
    const { user } = await customer('known');
    const ghost = uniqueEmail('ghost');
    const unknown = await forgot(ghost);
    const known = await forgot(user.email.toUpperCase());
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ result: true, message: OTP_SENT });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);

    const code = await codeFromMail(user.email);
    expect(code).toMatch(/^[A-Z2-9]{4}$/);
    const mail = inbox.mails.find((m) => m.to.includes(user.email));
    expect(mail?.raw).toMatch(/^From: Shop <shop@example.com>/m);
    expect(mail?.raw).toMatch(/^Subject: Your password reset code/m);
    expect(inbox.mails.some((m) => m.to.includes(ghost))).toBe(false);

    // Stored hashed: the table never holds the code itself.
    const rows = await server.app.db.select().from(otpCodes).where(eq(otpCodes.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash.startsWith('$argon2id$')).toBe(true);
    expect(rows[0]?.codeHash).not.toContain(code);
    expect(rows[0]?.expiresAt.getTime() ?? 0).toBe(server.app.now().getTime() + 10 * 60_000);
  });

  it('answers result false (400) for a malformed e-mail, and for a missing one', async () => {
    for (const body of [{ email: 'not-an-email' }, {}]) {
      const res = await api('POST', '/forgot-password/', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ result: false, statusCode: 400 });
    }
  });

  it('changes the password with the code, ends every session of the user, and refuses the code a second time', async () => {
    const first = await customer('changer');
    const email = first.user.email;
    const second = await signInAs(server, { email, password: PASSWORD });
    expect((await api('GET', '/session', undefined, first.cookie)).status).toBe(200);
    expect((await api('GET', '/session', undefined, second.cookie)).status).toBe(200);

    await forgot(email);
    const code = await codeFromMail(email);
    const res = await api('POST', '/change-password', { otp: code.toLowerCase(), password: NEW_PASSWORD, email: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: true, message: PASSWORD_UPDATED });

    // Cookies from before the change (a stolen one included) no longer open anything.
    for (const cookie of [first.cookie, second.cookie]) {
      expect((await api('GET', '/session', undefined, cookie)).body).toEqual({ user: null });
      expect((await api('GET', `/alluser/${email}`, undefined, cookie)).status).toBe(401);
    }
    expect((await login(email, PASSWORD)).status).toBe(401);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);

    const again = await change(email, code, 'Third-password-789');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ result: false, message: INVALID_OTP_ANSWER });
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it(`kills a code after ${OTP_MAX_ATTEMPTS} wrong tries, even for the right code afterwards`, async () => {
    const { user } = await customer('bruteforced');
    await forgot(user.email);
    const code = await codeFromMail(user.email);
    const wrongCodes = OTP_ALPHABET.split('')
      .map((ch) => ch.repeat(4))
      .filter((guess) => guess !== code)
      .slice(0, OTP_MAX_ATTEMPTS);
    for (const guess of wrongCodes) {
      const res = await change(user.email, guess);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ result: false, message: INVALID_OTP_ANSWER });
    }
    const right = await change(user.email, code);
    expect(right.status).toBe(400);
    expect(right.body).toMatchObject({ result: false, message: INVALID_OTP_ANSWER });
    expect((await login(user.email, PASSWORD)).status).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(401);
  });

  it('accepts the right code after four wrong ones (the fifth try)', async () => {
    const { user } = await customer('clumsy');
    await forgot(user.email);
    const code = await codeFromMail(user.email);
    const wrongCodes = ['AAAA', 'BBBB', 'CCCC', 'DDDD', 'EEEE'].filter((guess) => guess !== code).slice(0, OTP_MAX_ATTEMPTS - 1);
    for (const guess of wrongCodes) expect((await change(user.email, guess)).status).toBe(400);
    expect((await change(user.email, code)).status).toBe(200);
  });

  it('refuses a code once the shop clock passes its 10 minutes', async () => {
    const { user } = await customer('slow');
    const issuedAt = server.app.now();
    const realNow = server.app.now;
    try {
      await forgot(user.email);
      const code = await codeFromMail(user.email);
      server.app.now = () => new Date(issuedAt.getTime() + 10 * 60_000);
      const late = await change(user.email, code);
      expect(late.status).toBe(400);
      expect(late.body).toMatchObject({ result: false, message: INVALID_OTP_ANSWER });
      expect((await login(user.email, PASSWORD)).status).toBe(200);

      // A fresh code, redeemed a second before its 10 minutes end, works.
      server.app.now = () => new Date(issuedAt.getTime() + 20 * 60_000);
      await forgot(user.email);
      const fresh = await codeFromMail(user.email, 2);
      server.app.now = () => new Date(issuedAt.getTime() + 30 * 60_000 - 1000);
      expect((await change(user.email, fresh)).status).toBe(200);
    } finally {
      server.app.now = realNow;
    }
  });

  it('voids the older code when a newer one is sent', async () => {
    const { user } = await customer('twice');
    await forgot(user.email);
    const older = await codeFromMail(user.email, 1);
    let newer = older;
    let n = 1;
    // The two codes could (once in a million) be equal; ask again until they differ.
    while (newer === older) {
      n += 1;
      await forgot(user.email);
      newer = await codeFromMail(user.email, n);
    }
    expect((await change(user.email, older)).status).toBe(400);
    expect((await change(user.email, newer)).status).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses an unknown e-mail, a code that is not 4 characters and a short new password, with result false', async () => {
    expect((await change(uniqueEmail('nobody'), 'ABCD')).body).toMatchObject({ result: false, message: INVALID_OTP_ANSWER });
    const { user } = await customer('picky');
    expect((await change(user.email, 'ABC')).status).toBe(400);
    expect((await change(user.email, 'ABCDE')).status).toBe(400);
    expect((await change(user.email, 'ABCD', 'short')).status).toBe(400);
    expect((await api('POST', '/change-password/', { email: user.email, otp: 'ABCD', password: NEW_PASSWORD, role: 'admin' })).status).toBe(
      400,
    );
  });
});

describe.each(testDatabases())('development outbox (no SMTP_URL) on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind });
  });
  afterAll(() => server?.close());
  const api = (method: string, path: string, body?: unknown, cookie?: string) =>
    call(server.url, method, path, { body, cookie: cookie ?? null });

  it('records the mail; admins read it at GET /api/dev/outbox, customers get 403 and visitors 401', async () => {
    const customer = await signInAs(server, { password: PASSWORD });
    const admin = await signInAs(server, { role: 'owner' });
    expect((await api('POST', '/forgot-password/', { email: customer.user.email })).body).toEqual({ result: true, message: OTP_SENT });

    let mails: Array<{ to: string; subject: string; text: string; createdAt: string }> = [];
    await expect
      .poll(async () => {
        mails = (await call<typeof mails>(server.url, 'GET', '/dev/outbox', { cookie: admin.cookie })).body;
        return mails.find((m) => m.to === customer.user.email);
      })
      .toBeDefined();
    const mail = mails.find((m) => m.to === customer.user.email);
    expect(mail?.subject).toBe('Your password reset code');
    expect(mail?.createdAt).toBe(server.app.now().toISOString());
    const code = /Your code: ([A-Z0-9]{4})/.exec(mail?.text ?? '')?.[1] ?? '';
    expect((await api('POST', '/change-password/', { email: customer.user.email, otp: code, password: NEW_PASSWORD })).status).toBe(200);

    expect((await api('GET', '/dev/outbox', undefined, customer.cookie)).status).toBe(401);
    const other = await signInAs(server);
    expect((await api('GET', '/dev/outbox', undefined, other.cookie)).status).toBe(403);
    expect((await api('GET', '/dev/outbox')).status).toBe(401);
    expectNoSecrets([mails], [PASSWORD]);
  });
});
