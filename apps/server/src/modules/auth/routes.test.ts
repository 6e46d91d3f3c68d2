import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_TAKEN,
  emailChangeSent,
  INVALID_EMAIL,
  PASSWORD_TOO_SHORT,
  REGISTERED,
  SIGNED_IN,
  TOO_MANY_ATTEMPTS,
  WRONG_CREDENTIALS,
  WRONG_CURRENT_PASSWORD,
} from '@shop/shared/contract/auth';
import { startTestServer, testDatabases, type TestServer } from '../../../test/harness';
import { signInAs } from '../../../test/sign-in';
import { mailOutbox, users } from '../../db/schema';
import { call, expectNoSecrets, randomLoopback, seenBodies } from '../../../test/account-test-client';
import { clientAddressKey, RATE_LIMITS } from './routes';

const PASSWORD = 'Margherita-2026';
let counter = 0;
const uniqueEmail = (prefix = 'user') => `${prefix}${++counter}-${Date.now().toString(36)}@example.com`;

describe.each(testDatabases())('accounts API on %s', (kind) => {
  let server: TestServer;
  const api = (method: string, path: string, opts?: { body?: unknown; cookie?: string | null }) => call(server.url, method, path, opts);
  const register = (body: Record<string, unknown>, path = '/register/') => api('POST', path, { body });
  const login = (email: string, password: string, cookie?: string | null) => api('POST', '/login/', { body: { email, password }, cookie });

  beforeAll(async () => {
    server = await startTestServer({ db: kind });
  });
  afterAll(() => server?.close());

  describe('register', () => {
    it('creates a customer, answers the spec shape and starts a server-side session in an httpOnly, SameSite=Lax cookie', async () => {
      const email = uniqueEmail('New.Customer');
      const res = await register({ username: 'Nia Patel', email, password: PASSWORD });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        result: true,
        message: REGISTERED,
        user: { email: email.toLowerCase(), username: 'Nia Patel', role: 'customer', emailVerified: false },
      });
      expect(res.setCookie).toMatch(/HttpOnly/i);
      expect(res.setCookie).toMatch(/SameSite=Lax/i);
      expect(res.setCookie).not.toMatch(/Secure/i);
      const session = await api('GET', '/session', { cookie: res.cookie });
      expect(session.status).toBe(200);
      expect(session.body).toEqual({ user: { email: email.toLowerCase(), username: 'Nia Patel', role: 'customer', emailVerified: false } });
    });

    it('stores the e-mail lower-case and the password only as an argon2id hash', async () => {
      const email = uniqueEmail('MiXeD');
      await register({ username: 'Case Test', email: `  ${email.toUpperCase()} `, password: PASSWORD });
      const [row] = await server.app.db.select().from(users).where(eq(users.email, email.toLowerCase()));
      expect(row?.passwordHash.startsWith('$argon2id$')).toBe(true);
      expect(row?.passwordHash).not.toContain(PASSWORD);
    });

    it('answers without the trailing slash too', async () => {
      const res = await register({ username: 'No Slash', email: uniqueEmail(), password: PASSWORD }, '/register');
      expect(res.status).toBe(201);
    });

    it('refuses a role (or any unknown field) from the client and creates no account', async () => {
      const email = uniqueEmail('wannabe-admin');
      for (const extra of [{ role: 'admin' }, { isAdmin: true }]) {
        const res = await register({ username: 'Mallory', email, password: PASSWORD, ...extra });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', result: false });
        expect(String(res.body.message)).toMatch(/Unrecognized key/);
        expect(res.cookie).toBeNull();
      }
      expect(await server.app.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      expect((await login(email, PASSWORD)).status).toBe(401);
    });

    it('refuses an e-mail that already has an account, whatever its case (409)', async () => {
      const email = uniqueEmail('taken');
      expect((await register({ username: 'First', email, password: PASSWORD })).status).toBe(201);
      const res = await register({ username: 'Second', email: email.toUpperCase(), password: PASSWORD });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ statusCode: 409, error: 'Conflict', message: EMAIL_TAKEN, code: 'EMAIL_TAKEN', result: false });
      expect(res.cookie).toBeNull();
    });

    it(`refuses a password shorter than 8 characters, a malformed e-mail and a missing name`, async () => {
      const short = await register({ username: 'Shorty', email: uniqueEmail(), password: 'seven77' });
      expect(short.status).toBe(400);
      expect(short.body.message).toBe(PASSWORD_TOO_SHORT);
      const badMail = await register({ username: 'Bad Mail', email: 'not-an-email', password: PASSWORD });
      expect(badMail.status).toBe(400);
      expect(badMail.body.message).toBe(INVALID_EMAIL);
      expect((await register({ username: '   ', email: uniqueEmail(), password: PASSWORD })).status).toBe(400);
      expect((await register({ email: uniqueEmail(), password: PASSWORD })).status).toBe(400);
    });
  });

  describe('login, session and logout', () => {
    it('signs in with any case of the e-mail, rotating the session token', async () => {
      const email = uniqueEmail('Rotate');
      const first = await register({ username: 'Rita', email, password: PASSWORD });
      const res = await login(email.toUpperCase(), PASSWORD, first.cookie);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        result: true,
        message: SIGNED_IN,
        user: { email: email.toLowerCase(), username: 'Rita', role: 'customer', emailVerified: false },
      });
      expect(res.cookie).not.toBeNull();
      expect(res.cookie).not.toBe(first.cookie);
      // The session the browser had before login is gone, not just replaced in the browser.
      expect((await api('GET', '/session', { cookie: first.cookie })).body).toEqual({ user: null });
      expect((await api('GET', '/session', { cookie: res.cookie })).status).toBe(200);
      expect((await api('POST', '/login', { body: { email, password: PASSWORD } })).status).toBe(200);
    });

    it('answers a wrong password and an unknown e-mail with the same 401 and message', async () => {
      const email = uniqueEmail('guarded');
      await register({ username: 'Gus', email, password: PASSWORD });
      const wrong = await login(email, 'not-the-password');
      const unknown = await login(uniqueEmail('nobody'), PASSWORD);
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          statusCode: 401,
          error: 'Unauthorized',
          message: WRONG_CREDENTIALS,
          code: 'WRONG_CREDENTIALS',
          result: false,
        });
        expect(res.cookie).toBeNull();
      }
    });

    it('refuses unknown fields at login', async () => {
      const res = await api('POST', '/login/', { body: { email: uniqueEmail(), password: PASSWORD, role: 'admin' } });
      expect(res.status).toBe(400);
    });

    // Signed out is an answer, not a failure (decision 0105): before, every visitor's page logged a 401 for it.
    it('GET /session answers 200 {user: null} signed out or with a forged cookie', async () => {
      expect(await api('GET', '/session')).toMatchObject({ status: 200, body: { user: null } });
      const forged = await api('GET', '/session', { cookie: 'sid=made-up-token' });
      expect(forged).toMatchObject({ status: 200, body: { user: null } });
    });

    it('logout ends the session on the server: the replayed cookie is refused afterwards', async () => {
      const email = uniqueEmail('leaver');
      const { cookie } = await register({ username: 'Leo', email, password: PASSWORD });
      expect((await api('GET', `/alluser/${email}`, { cookie })).status).toBe(200);
      const out = await api('POST', '/logout', { cookie });
      expect(out.status).toBe(200);
      expect(out.body).toMatchObject({ result: true });
      expect(out.setCookie).toMatch(/sid=;/);
      expect(out.setCookie).toMatch(/Expires=Thu, 01 Jan 1970/i);
      // An attacker who copied the cookie before logout gets nothing with it.
      expect((await api('GET', '/session', { cookie })).body).toEqual({ user: null });
      expect((await api('GET', `/alluser/${email}`, { cookie })).status).toBe(401);
      expect((await api('PUT', '/profile', { cookie, body: { username: 'x', email, password: PASSWORD } })).status).toBe(401);
      // Logging out twice is harmless.
      expect((await api('POST', '/logout', { cookie })).status).toBe(200);
    });
  });

  describe('GET /alluser/{email}', () => {
    it('answers username and email only, to that user (any case) or an admin; 403 to others; 401 signed out', async () => {
      const email = uniqueEmail('owner');
      const { cookie } = await register({ username: 'Olive Owner', email, password: PASSWORD });
      const own = await api('GET', `/alluser/${encodeURIComponent(email.toUpperCase())}`, { cookie });
      expect(own.status).toBe(200);
      expect(own.body).toEqual({ username: 'Olive Owner', email });

      const other = await signInAs(server);
      const refused = await api('GET', `/alluser/${encodeURIComponent(email)}`, { cookie: other.cookie });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ statusCode: 403, result: false });

      const admin = await signInAs(server, { role: 'owner' });
      const byAdmin = await api('GET', `/alluser/${encodeURIComponent(email)}`, { cookie: admin.cookie });
      expect(byAdmin.body).toEqual({ username: 'Olive Owner', email });
      expect((await api('GET', `/alluser/${encodeURIComponent(uniqueEmail('ghost'))}`, { cookie: admin.cookie })).status).toBe(404);

      expect((await api('GET', `/alluser/${encodeURIComponent(email)}`)).status).toBe(401);
    });
  });

  describe('PUT /profile', () => {
    it('changes the name when the current password confirms it; a new e-mail waits for the code mailed to it', async () => {
      const email = uniqueEmail('mover');
      const { cookie } = await register({ username: 'Mo', email, password: PASSWORD });
      const newEmail = uniqueEmail('Moved');
      const res = await api('PUT', '/profile', { cookie, body: { username: 'Mo Farah', email: newEmail, password: PASSWORD } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        result: true,
        message: emailChangeSent(newEmail.toLowerCase(), email.toLowerCase()),
        user: { email: email.toLowerCase(), username: 'Mo Farah', role: 'customer', emailVerified: false },
        pendingEmail: newEmail.toLowerCase(),
      });
      expect((await api('GET', '/session', { cookie })).body).toEqual({
        user: { email: email.toLowerCase(), username: 'Mo Farah', role: 'customer', emailVerified: false },
      });
      // Until the code comes back (email-change.test.ts), the old address signs in.
      expect((await login(email, PASSWORD)).status).toBe(200);
      expect((await login(newEmail, PASSWORD)).status).toBe(401);
    });

    it('refuses a wrong current password (403), a taken e-mail (409), a role (400) and a signed-out caller (401)', async () => {
      const email = uniqueEmail('careful');
      const { cookie } = await register({ username: 'Cara', email, password: PASSWORD });
      const wrong = await api('PUT', '/profile', { cookie, body: { username: 'Hacked', email, password: 'guess-guess' } });
      expect(wrong.status).toBe(403);
      expect(wrong.body).toMatchObject({ message: WRONG_CURRENT_PASSWORD, result: false });

      const taken = uniqueEmail('someone-else');
      await register({ username: 'Other', email: taken, password: PASSWORD });
      const clash = await api('PUT', '/profile', { cookie, body: { username: 'Cara', email: taken.toUpperCase(), password: PASSWORD } });
      expect(clash.status).toBe(409);
      expect(clash.body).toMatchObject({ message: EMAIL_TAKEN });

      const role = await api('PUT', '/profile', { cookie, body: { username: 'Cara', email, password: PASSWORD, role: 'admin' } });
      expect(role.status).toBe(400);
      expect((await api('PUT', '/profile', { body: { username: 'Cara', email, password: PASSWORD } })).status).toBe(401);
      expect((await api('GET', '/session', { cookie })).body).toEqual({
        user: { email, username: 'Cara', role: 'customer', emailVerified: false },
      });
    });
  });

  it('no answer in this suite carried a password field, the password or a hash', () => {
    expect(seenBodies.length).toBeGreaterThan(30);
    expectNoSecrets(seenBodies, [PASSWORD]);
  });
});

describe.each(testDatabases())('account rate limits on %s', (kind) => {
  let server: TestServer;
  // Every request of this suite comes from one address, as a script's would.
  const from = randomLoopback();
  const api = (method: string, path: string, body?: unknown, source = from) => call(server.url, method, path, { body, from: source });
  beforeAll(async () => {
    // An https origin as well, to see the cookie turn Secure.
    server = await startTestServer({ db: kind, env: { PUBLIC_ORIGIN: 'https://shop.example.com' } });
  });
  afterAll(() => server?.close());

  const expect429 = (res: { status: number; body: Record<string, unknown>; headers: Record<string, unknown> }) => {
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: TOO_MANY_ATTEMPTS,
      code: 'TOO_MANY_REQUESTS',
      result: false,
    });
  };

  it('marks the session cookie Secure when PUBLIC_ORIGIN is https', async () => {
    const res = await api('POST', '/register/', { username: 'Sec', email: uniqueEmail('secure'), password: PASSWORD });
    expect(res.setCookie).toMatch(/; Secure/i);
  });

  it(`login: after ${RATE_LIMITS.login.max} tries in a minute for one e-mail, even the right password waits (429); other e-mails do not`, async () => {
    const email = uniqueEmail('target');
    expect((await api('POST', '/register/', { username: 'T', email, password: PASSWORD })).status).toBe(201);
    for (let i = 0; i < RATE_LIMITS.login.max; i += 1) {
      expect(
        (await api('POST', i % 2 ? '/login' : '/login/', { email: i % 3 ? email : email.toUpperCase(), password: `guess-${i}-xx` })).status,
      ).toBe(401);
    }
    expect429(await api('POST', '/login/', { email, password: PASSWORD }));
    expect((await api('POST', '/login/', { email: uniqueEmail('bystander'), password: PASSWORD })).status).toBe(401);
  });

  it('RATE_LIMIT_MULTIPLIER (test servers only) raises every limit by its factor: 3 × the login limit, then 429', async () => {
    const roomy = await startTestServer({ db: kind, env: { RATE_LIMIT_MULTIPLIER: '3' } });
    try {
      const email = uniqueEmail('roomy');
      for (let i = 0; i < 3 * RATE_LIMITS.login.max; i += 1) {
        expect((await call(roomy.url, 'POST', '/login/', { body: { email, password: `guess-${i}-xx` }, from })).status).toBe(401);
      }
      expect429(await call(roomy.url, 'POST', '/login/', { body: { email, password: 'guess-last-xx' }, from }));
    } finally {
      await roomy.close();
    }
  });

  it(`login: ${RATE_LIMITS.loginPerIp.max} tries from one address across many e-mails, then 429 for any e-mail`, async () => {
    const sprayer = randomLoopback();
    for (let i = 0; i < RATE_LIMITS.loginPerIp.max; i += 1) {
      expect((await api('POST', '/login/', { email: uniqueEmail('spray'), password: 'Summer2026!' }, sprayer)).status).toBe(401);
    }
    expect429(await api('POST', '/login/', { email: uniqueEmail('spray'), password: 'Summer2026!' }, sprayer));
  });

  it(`register: ${RATE_LIMITS.register.max} sign-ups an hour from one address, then 429`, async () => {
    const office = randomLoopback();
    for (let i = 0; i < RATE_LIMITS.register.max; i += 1) {
      const body = { username: `U${i}`, email: uniqueEmail('bulk'), password: PASSWORD };
      expect((await api('POST', i % 2 ? '/register' : '/register/', body, office)).status).toBe(201);
    }
    expect429(await api('POST', '/register/', { username: 'One too many', email: uniqueEmail('bulk'), password: PASSWORD }, office));
    // Another address is not affected.
    expect(
      (await api('POST', '/register/', { username: 'Elsewhere', email: uniqueEmail('bulk'), password: PASSWORD }, randomLoopback())).status,
    ).toBe(201);
  });

  it(`forgot-password: ${RATE_LIMITS.forgotPassword.max} requests per e-mail, then result false with 429`, async () => {
    const email = uniqueEmail('forgetful');
    for (let i = 0; i < RATE_LIMITS.forgotPassword.max; i += 1) {
      expect((await api('POST', i % 2 ? '/forgot-password' : '/forgot-password/', { email })).body).toMatchObject({ result: true });
    }
    expect429(await api('POST', '/forgot-password/', { email }));
  });

  it(`login: ${RATE_LIMITS.loginPerAccount.max} tries at one account spread over many addresses, then 429 even for the right password`, async () => {
    const email = uniqueEmail('botnet-target');
    expect((await api('POST', '/register/', { username: 'T', email, password: PASSWORD }, randomLoopback())).status).toBe(201);
    for (let i = 0; i < RATE_LIMITS.loginPerAccount.max; i += 1) {
      const spelled = i % 2 ? ` ${email.toUpperCase()} ` : email;
      expect((await api('POST', '/login/', { email: spelled, password: `guess-${i}-xx` }, randomLoopback())).status).toBe(401);
    }
    expect429(await api('POST', '/login/', { email, password: PASSWORD }, randomLoopback()));
  });

  it('forgot-password: changing the case of the e-mail or adding spaces does not reset its count', async () => {
    const email = uniqueEmail('spelled');
    const spellings = [email, email.toUpperCase(), `  ${email}`, `${email}\t`, ` ${email.toUpperCase()} `];
    for (const spelled of spellings.slice(0, RATE_LIMITS.forgotPassword.max)) {
      expect((await api('POST', '/forgot-password/', { email: spelled })).body).toMatchObject({ result: true });
    }
    expect429(await api('POST', '/forgot-password/', { email: ` ${email.toUpperCase()}` }));
  });

  it(`forgot-password: ${RATE_LIMITS.forgotPasswordPerAccount.max} codes an hour for one account from all addresses, then 429`, async () => {
    const email = uniqueEmail('many-codes');
    for (let i = 0; i < RATE_LIMITS.forgotPasswordPerAccount.max; i += 1) {
      expect((await api('POST', '/forgot-password/', { email: i % 2 ? email.toUpperCase() : email }, randomLoopback())).body).toMatchObject(
        { result: true },
      );
    }
    expect429(await api('POST', '/forgot-password/', { email }, randomLoopback()));
  });

  it(`forgot-password: ${RATE_LIMITS.forgotPasswordPerIp.max} requests from one address across many e-mails, then 429`, async () => {
    const sprayer = randomLoopback();
    for (let i = 0; i < RATE_LIMITS.forgotPasswordPerIp.max; i += 1) {
      expect((await api('POST', '/forgot-password/', { email: uniqueEmail('spray') }, sprayer)).body).toMatchObject({ result: true });
    }
    expect429(await api('POST', '/forgot-password/', { email: uniqueEmail('spray') }, sprayer));
  });

  it(`change-password: ${RATE_LIMITS.changePassword.max} tries from one address, then 429`, async () => {
    for (let i = 0; i < RATE_LIMITS.changePassword.max; i += 1) {
      expect((await api('POST', '/change-password/', { email: uniqueEmail('x'), otp: 'ABCD', password: PASSWORD })).status).toBe(400);
    }
    expect429(await api('POST', '/change-password/', { email: uniqueEmail('x'), otp: 'ABCD', password: PASSWORD }));
  });
});

describe.each(testDatabases())('nobody can lock anyone out (limits that do not depend on the address) on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind });
  });
  afterAll(() => server?.close());

  type Client = { from: string; cookies: Map<string, string> };
  /** A browser: one address, and the cookies the shop set in it. */
  const browser = (from = randomLoopback()): Client => ({ from, cookies: new Map() });
  const send = async (client: Client, path: string, body: unknown) => {
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await call(server.url, 'POST', path, { body, from: client.from, cookie: cookie || null });
    for (const name of ['sid', 'device']) {
      const set = new RegExp(`(?:^|, )${name}=([^;,]*)`).exec(res.setCookie ?? '')?.[1];
      if (set !== undefined) client.cookies.set(name, set);
    }
    return res;
  };
  const login = (client: Client, email: string, password: string) => send(client, '/login/', { email, password });
  const expect429 = (res: { status: number; body: Record<string, unknown> }) => {
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ message: TOO_MANY_ATTEMPTS, result: false });
  };
  /** The code of the latest reset mail to this address (the shop without SMTP keeps its mail in the outbox). */
  const mailedCode = async (email: string, mailsBefore: number) => {
    let rows: Array<{ text: string }> = [];
    await expect
      .poll(
        async () => {
          rows = await server.app.db
            .select({ text: mailOutbox.text })
            .from(mailOutbox)
            .where(eq(mailOutbox.to, email))
            .orderBy(mailOutbox.createdAt, mailOutbox.id);
          return rows.length;
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(mailsBefore);
    return /Your code: ([A-Z0-9]{4})/.exec(rows.at(-1)?.text ?? '')?.[1] ?? '';
  };
  const mailCount = async (email: string) =>
    (await server.app.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, email))).length;
  /** Wrong passwords for the account from a few addresses, the most each may send: an attacker filling the account's limit. */
  const fillAccountLimit = async (email: string) => {
    const attackers = Array.from({ length: Math.ceil(RATE_LIMITS.loginPerAccount.max / RATE_LIMITS.login.max) }, () => browser());
    for (let i = 0; i < RATE_LIMITS.loginPerAccount.max; i += 1) {
      expect((await login(attackers[i % attackers.length]!, email, `guess-${i}-xx`)).status).toBe(401);
    }
    expect429(await login(browser(), email, PASSWORD));
    return attackers;
  };

  it(`login: ${RATE_LIMITS.loginPerAccount.max} wrong passwords from a few addresses hold back unknown clients, never the browser the owner signs in from`, async () => {
    const email = uniqueEmail('admin-like');
    const laptop = browser();
    expect((await send(laptop, '/register/', { username: 'Owner', email, password: PASSWORD })).status).toBe(201);
    const phone = browser();
    expect((await login(phone, email, PASSWORD)).status).toBe(200);

    const attackers = await fillAccountLimit(email);
    // The owner's browsers still sign in, with the right password, from any address (an attacker's included).
    expect((await login(laptop, email, PASSWORD)).status).toBe(200);
    expect((await login({ ...phone, from: attackers[0]!.from }, email, PASSWORD)).status).toBe(200);
    // Their own typing mistakes are counted on the device alone.
    for (let i = 0; i < RATE_LIMITS.loginPerDevice.max; i += 1) expect((await login(phone, email, `typo-${i}-xx`)).status).toBe(401);
    expect429(await login(phone, email, PASSWORD));
    expect((await login(laptop, email, PASSWORD)).status).toBe(200);

    // The attacker gains nothing from a device cookie of an account of their own, or a forged one.
    const own = browser(attackers[1]!.from);
    expect((await send(own, '/register/', { username: 'Mallory', email: uniqueEmail('mallory'), password: PASSWORD })).status).toBe(201);
    expect429(await login(own, email, PASSWORD));
    const [userId, issued, nonce] = (laptop.cookies.get('device') ?? '').split('.');
    expect429(
      await login(
        { from: randomLoopback(), cookies: new Map([['device', `${userId}.${issued}.${nonce}.AAAAAAAAAAAAAAAAAAAAAA`]]) },
        email,
        PASSWORD,
      ),
    );
  });

  it('login: an owner on a new browser gets in through the e-mailed code, and that browser is known from then on', async () => {
    const email = uniqueEmail('new-device');
    expect((await send(browser(), '/register/', { username: 'Owner', email, password: PASSWORD })).status).toBe(201);
    await fillAccountLimit(email);

    const borrowed = browser();
    expect429(await login(borrowed, email, PASSWORD));
    const before = await mailCount(email);
    expect((await send(borrowed, '/forgot-password/', { email })).status).toBe(200);
    const otp = await mailedCode(email, before);
    expect((await send(borrowed, '/change-password/', { email, otp, password: 'Quattro-Stagioni-9' })).status).toBe(200);
    expect((await login(borrowed, email, 'Quattro-Stagioni-9')).status).toBe(200);
    expect429(await login(browser(), email, 'Quattro-Stagioni-9'));
  });

  it(`forgot-password: ${RATE_LIMITS.forgotPasswordPerAccount.max} requests from many addresses do not stop the owner’s own reset from their browser`, async () => {
    const email = uniqueEmail('reset-owner');
    const laptop = browser();
    expect((await send(laptop, '/register/', { username: 'Owner', email, password: PASSWORD })).status).toBe(201);
    for (let i = 0; i < RATE_LIMITS.forgotPasswordPerAccount.max; i += 1) {
      expect((await send(browser(), '/forgot-password/', { email })).status).toBe(200);
    }
    expect429(await send(browser(), '/forgot-password/', { email }));

    const before = await mailCount(email);
    expect((await send(laptop, '/forgot-password/', { email })).status).toBe(200);
    const otp = await mailedCode(email, before);
    expect((await send(laptop, '/change-password/', { email, otp, password: 'Quattro-Stagioni-9' })).status).toBe(200);
    expect((await login(laptop, email, 'Quattro-Stagioni-9')).status).toBe(200);
  });

  it(`change-password: ${RATE_LIMITS.changePasswordPerAccount.max} wrong codes for one account from as many addresses, then 429 from any other; the owner’s browser still redeems its code`, async () => {
    const email = uniqueEmail('code-target');
    const laptop = browser();
    expect((await send(laptop, '/register/', { username: 'Owner', email, password: PASSWORD })).status).toBe(201);
    const before = await mailCount(email);
    expect((await send(laptop, '/forgot-password/', { email })).status).toBe(200);
    const otp = await mailedCode(email, before);
    // Each address guesses once, far under its own limit.
    const wrong = otp === 'AAAA' ? 'BBBB' : 'AAAA';
    // Refused new passwords and malformed bodies try no code: they do not count.
    for (const password of ['password', '12345678', 'short']) {
      expect((await send(browser(), '/change-password/', { email, otp: wrong, password })).status).toBe(400);
    }
    for (let i = 0; i < RATE_LIMITS.changePasswordPerAccount.max; i += 1) {
      expect((await send(browser(), '/change-password/', { email, otp: wrong, password: 'Guessed-it-123' })).status).toBe(400);
    }
    expect429(await send(browser(), '/change-password/', { email, otp: 'CCCC', password: 'Guessed-it-123' }));

    const count = await mailCount(email);
    expect((await send(laptop, '/forgot-password/', { email })).status).toBe(200);
    const fresh = await mailedCode(email, count);
    expect((await send(laptop, '/change-password/', { email, otp: fresh, password: 'Quattro-Stagioni-9' })).status).toBe(200);
  });
});

describe.each(testDatabases())('shop-wide limits on %s', (kind) => {
  // A server of their own: these limits count every address and account of the shop together.
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db: kind });
  });
  afterAll(() => server?.close());

  it(`register: ${RATE_LIMITS.registerShopWide.max} accounts an hour from any number of addresses, then 429; refused sign-ups do not count`, async () => {
    const taken = uniqueEmail('taken');
    expect((await call(server.url, 'POST', '/register/', { body: { username: 'T', email: taken, password: PASSWORD } })).status).toBe(201);
    for (let i = 0; i < 5; i += 1) {
      expect((await call(server.url, 'POST', '/register/', { body: { username: 'T', email: taken, password: PASSWORD } })).status).toBe(
        409,
      );
    }
    for (let i = 1; i < RATE_LIMITS.registerShopWide.max; i += 1) {
      const res = await call(server.url, 'POST', '/register/', {
        body: { username: `Bot ${i}`, email: uniqueEmail('bot'), password: PASSWORD },
      });
      expect(res.status).toBe(201);
    }
    const refused = await call(server.url, 'POST', '/register/', {
      body: { username: 'One more', email: uniqueEmail('bot'), password: PASSWORD },
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: TOO_MANY_ATTEMPTS, result: false });
  });

  it(`change-password: ${RATE_LIMITS.changePasswordShopWide.max} wrong codes an hour across accounts and addresses, then 429 from anywhere`, async () => {
    for (let i = 0; i < RATE_LIMITS.changePasswordShopWide.max; i += 1) {
      const res = await call(server.url, 'POST', '/change-password/', {
        body: { email: uniqueEmail('spray'), otp: 'ABCD', password: PASSWORD },
      });
      expect(res.status).toBe(400);
    }
    const refused = await call(server.url, 'POST', '/change-password/', {
      body: { email: uniqueEmail('spray'), otp: 'ABCD', password: PASSWORD },
    });
    expect(refused.status).toBe(429);
  });
});

describe('clientAddressKey', () => {
  it('counts an IPv6 client by its /64, so stepping through its own addresses does not escape a limit', () => {
    const key = clientAddressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(clientAddressKey('2001:db8:1:2::1')).toBe(key);
    expect(clientAddressKey('2001:0DB8:0001:0002:ffff:0:0:1')).toBe(key);
    expect(clientAddressKey('2001:db8:1:2:1:2:1.2.3.4')).toBe(key);
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientAddressKey('::1')).toBe(clientAddressKey('0:0:0:0:0:0:0:2'));
    expect(clientAddressKey('fe80::1%eth0')).toBe(clientAddressKey('fe80::2'));
  });

  it('keeps IPv4 addresses apart, also when written as IPv6', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('203.0.113.8')).not.toBe(clientAddressKey('203.0.113.7'));
  });
});
