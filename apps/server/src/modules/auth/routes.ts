import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  allUserAnswerSchema,
  authAnswerSchema,
  authFailureSchema,
  profileAnswerSchema,
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  INVALID_OTP_ANSWER,
  loginBodySchema,
  PROFILE_UPDATED,
  profileBodySchema,
  confirmEmailBodySchema,
  EMAIL_CONFIRMED,
  emailChangeSent,
  EMAIL_VERIFIED,
  verifyEmailBodySchema,
  verifyEmailConfirmBodySchema,
  verifyEmailConfirmedSchema,
  verifyEmailSentSchema,
  type VerifyEmailConfirmed,
  type VerifyEmailSent,
  type ProfileAnswer,
  REGISTERED,
  registerBodySchema,
  resultAnswerSchema,
  sessionAnswerSchema,
  SIGNED_IN,
  SIGNED_OUT,
  TOO_MANY_ATTEMPTS,
  WRONG_CREDENTIALS,
  type AllUserAnswer,
  type AuthAnswer,
  type ResultAnswer,
  type SessionAnswer,
} from '@shop/shared/contract/auth';
import { OTP_SENT, PASSWORD_UPDATED } from '@shop/shared/domain/messages';
import { clientAddressKey } from '../../http/client-address';
import { HttpError } from '../../http-errors';
import { emailParams, schemaIssues } from '../../http/route-schemas';
import { flushMail } from '../../mail/mailer';
import { outboxRoutes } from '../../mail/outbox-routes';
import { assertSelfOrAdmin, currentUser, requireUser } from './guards';
import { confirmEmailChange, requestEmailChange } from './email-change';
import { confirmEmailVerification, sendVerificationCode } from './email-verification';
import { issueResetCode, resetPassword } from './otp';
import { DEVICE_COOKIE, knownDeviceOf, rememberDevice } from './device-cookie';
import { authenticate, findUserByEmail, registerUser, toWireUser, updateProfile, userSummary } from './service';
import { countAttempt, postgresRateLimitStore, releaseRateLimit, type NamedLimitOptions } from './rate-limit-store';
import { clearSessionCookie, destroySession, signIn } from './session';

/**
 * Rate limits, counted in the database (rate-limit-store.ts) so that every process of the shop shares them
 * (decision 0701). Generous for a person, tight for a script: a customer who mistypes a password ten times in a
 * minute waits a minute; a password-guessing script gets ten guesses per minute per account.
 *
 * No limit may lock an account's owner out (decision 0103): the limits an attacker can fill for an account from
 * any number of addresses (`...PerAccount`, `...ShopWide`) hold back only clients the account does not know. A
 * browser that signed in to the account or reset its password before carries a device cookie for it
 * (device-cookie.ts) and is counted on its own (`...PerDevice`) instead of per address or per account.
 */
export const RATE_LIMITS = {
  /** Per IP and e-mail: guesses against one account. */
  login: { max: 10, timeWindow: 60_000 },
  /** Per e-mail, from all addresses together, failures only: guesses spread over many machines against one account. */
  loginPerAccount: { max: 50, timeWindow: 15 * 60_000 },
  /** Per IP, whatever the e-mail: a script trying one password against many accounts. */
  loginPerIp: { max: 100, timeWindow: 10 * 60_000 },
  /** Per browser known to the account (its device cookie), failures only: the owner's own typing mistakes. */
  loginPerDevice: { max: 10, timeWindow: 15 * 60_000 },
  /** Per IP: sign-ups from one address (a household or an office can still register several people). */
  register: { max: 20, timeWindow: 60 * 60_000 },
  /** The whole shop, accounts made: sign-ups from many addresses (a takeaway gets far fewer new customers). */
  registerShopWide: { max: 100, timeWindow: 60 * 60_000 },
  /** Per IP and e-mail: each request mails a code. */
  forgotPassword: { max: 5, timeWindow: 15 * 60_000 },
  /** Per e-mail, from all addresses together: each code is 5 guesses, so the codes of one account are few. */
  forgotPasswordPerAccount: { max: 10, timeWindow: 60 * 60_000 },
  /** Per IP, whatever the e-mail: each request costs a password hash and may send a mail. */
  forgotPasswordPerIp: { max: 30, timeWindow: 15 * 60_000 },
  /** Per browser known to the account: its owner asking for codes. */
  forgotPasswordPerDevice: { max: 5, timeWindow: 15 * 60_000 },
  /** Per IP: code guesses across accounts (each code also dies after 5 wrong tries). */
  changePassword: { max: 20, timeWindow: 15 * 60_000 },
  /** Per e-mail, from all addresses together, wrong codes only: two codes' worth of guesses an hour. */
  changePasswordPerAccount: { max: 10, timeWindow: 60 * 60_000 },
  /** The whole shop, wrong codes only: guesses spread over many accounts and addresses. */
  changePasswordShopWide: { max: 100, timeWindow: 60 * 60_000 },
  /** Per browser known to the account, wrong codes only. */
  changePasswordPerDevice: { max: 10, timeWindow: 15 * 60_000 },
  /** Per IP: the profile form checks the current password, so it is a guessing route too. */
  profile: { max: 10, timeWindow: 60_000 },
  /** Per account (signed in): each request mails a code to the account's e-mail. */
  verifyEmail: { max: 5, timeWindow: 60 * 60_000 },
  /** Per account (signed in), wrong codes only: as change-password's per account. */
  verifyEmailConfirm: { max: 10, timeWindow: 60 * 60_000 },
} as const;

function bodyEmail(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

// The address a limit counts by (an IPv6 client's /64), shared with the realtime server's per-address socket cap.
export { clientAddressKey };

const byIp = (request: FastifyRequest) => clientAddressKey(request.ip);
const byIpAndEmail = (request: FastifyRequest) => `${clientAddressKey(request.ip)}|${bodyEmail(request)}`;

function tooMany(): HttpError {
  return new HttpError('TOO_MANY_REQUESTS', TOO_MANY_ATTEMPTS);
}

/**
 * The body as the route's declared schema (the contract's) read it. These routes take their validation as a
 * value (`attachValidation`), so that the rate limits count an attempt before its body is looked at; a refusal
 * answers 400 with the schema's own sentences ('Please enter a valid email address.'), since screens show this
 * message to people as it is.
 */
function validBody<Body>(request: FastifyRequest & { body: Body }): Body {
  const issues = schemaIssues(request.validationError);
  if (!issues) return request.body;
  const messages = [...new Set(issues.map((issue) => issue.message))];
  throw new HttpError('VALIDATION_FAILED', messages.join(' '));
}

const tags = ['accounts'];
/** Every failure here also carries the spec's `result: false` (addResultFalseToFailures). */
const failures = { '4xx': authFailureSchema, '5xx': authFailureSchema };
/** A body read by validBody: Fastify checks it against the schema and leaves the answer to the route. */
function withBody<Body, Answers extends object>(summary: string, body: Body, answers: Answers) {
  return { attachValidation: true, schema: { tags, summary, body, response: { ...answers, ...failures } } };
}

/** The spec's paths end in a slash (`/register/`); both spellings answer. */
function withAndWithoutSlash(path: string): string[] {
  return [`${path}/`, path];
}

/**
 * Failures of these routes keep the shop's error shape and add the spec's `result: false`, so a client written
 * against the spec (which reads `result` and `message`) and one reading the status code both understand them.
 */
function addResultFalseToFailures(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    try {
      const body: unknown = JSON.parse(payload);
      if (body && typeof body === 'object' && !Array.isArray(body) && 'message' in body) return JSON.stringify({ ...body, result: false });
    } catch {
      // Not JSON: leave it as it is.
    }
    return payload;
  });
}

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyRateLimit, {
    global: false,
    // Counters in the database, shared by every process (a per-process memory would multiply each limit by the
    // number of processes behind the load balancer).
    store: postgresRateLimitStore(app.db),
    errorResponseBuilder: () => tooMany(),
  });
  addResultFalseToFailures(app);
  app.addHook('onClose', async () => flushMail());

  // The plugin's own route hook runs once per request, however many are listed, so each limit is a checker of
  // its own (createRateLimit), and several can stand in a row. Each is named after its RATE_LIMITS entry: the name
  // keeps its counters apart from the other limits' in the shared table.
  const limit = (name: keyof typeof RATE_LIMITS, keyGenerator: (request: FastifyRequest) => string): preHandlerAsyncHookHandler => {
    const { max, timeWindow } = RATE_LIMITS[name];
    const settings: NamedLimitOptions & { max: number; timeWindow: number; keyGenerator: typeof keyGenerator } = {
      max: max * app.config.rateLimitMultiplier,
      timeWindow,
      keyGenerator,
      name,
    };
    const check = app.createRateLimit(settings);
    return async (request, reply) => {
      const state = await check(request);
      if (!state.isAllowed && state.isExceeded) {
        reply.header('retry-after', state.ttlInSeconds);
        throw tooMany();
      }
    };
  };
  const registerLimit = limit('register', byIp);
  const profileLimit = limit('profile', byIp);

  type LimitName = keyof typeof RATE_LIMITS;
  /** Counts one attempt in a limit's current window, and refuses it (429) when that makes it one too many. */
  const count = (reply: FastifyReply, name: LimitName, key: string): Promise<void> =>
    countAttempt(app.db, reply, name, key, RATE_LIMITS[name], app.config.rateLimitMultiplier);
  /** Counts in each limit in turn: one that refuses stops the request before the next is counted. */
  const countAll = async (reply: FastifyReply, limits: Array<[LimitName, string]>): Promise<void> => {
    for (const [name, key] of limits) await count(reply, name, key);
  };
  /** Gives an attempt its place back, in the limits that count failures only. */
  const giveBack = async (limits: Array<[LimitName, string]>): Promise<void> => {
    for (const [name, key] of limits) await releaseRateLimit(app.db, name, key);
  };
  /**
   * Runs an attempt already counted in limits of failures only, and gives its place back there unless it failed
   * as a wrong guess does (the route's refusal `wrongGuess`): a success, a malformed body or a refused new
   * password tried no password or code.
   */
  const onlyGuessesCount = async <T>(limits: Array<[LimitName, string]>, wrongGuess: string, attempt: () => Promise<T>): Promise<T> => {
    try {
      const result = await attempt();
      await giveBack(limits);
      return result;
    } catch (error) {
      if (!(error instanceof HttpError && error.message === wrongGuess)) await giveBack(limits);
      throw error;
    }
  };
  /** The device id when the request's device cookie names the account the body's e-mail belongs to, else null. */
  const knownDevice = async (request: FastifyRequest): Promise<string | null> => {
    if (!request.cookies[DEVICE_COOKIE]) return null;
    const email = bodyEmail(request);
    const user = email ? await findUserByEmail(app.db, email) : undefined;
    return knownDeviceOf(app.db, request, user?.id, app.now());
  };

  for (const url of withAndWithoutSlash('/register')) {
    const route = withBody('Register a customer account, and sign in', registerBodySchema, { 201: authAnswerSchema });
    app.post(url, { ...route, preHandler: registerLimit }, async (request, reply): Promise<AuthAnswer> => {
      const body = validBody(request);
      // Counted shop-wide as well, whatever the address; a sign-up that makes no account gives its place back.
      const shopWide: Array<[LimitName, string]> = [['registerShopWide', 'shop']];
      await countAll(reply, shopWide);
      const user = await registerUser(app, body).catch(async (error: unknown) => {
        await giveBack(shopWide);
        throw error;
      });
      await signIn(app, request, reply, user);
      await rememberDevice(app.db, app.config, request, reply, user.id, app.now());
      reply.code(201);
      return { result: true, message: REGISTERED, user: toWireUser(user) };
    });
  }

  for (const url of withAndWithoutSlash('/login')) {
    app.post(url, withBody('Sign in', loginBodySchema, { 200: authAnswerSchema }), async (request, reply): Promise<AuthAnswer> => {
      // A browser known to the account is counted on its own. Any other client per address (first, so requests it
      // refuses never reach the others), per address and e-mail, and per account; the per-account count keeps
      // failures only, so an attacker filling it holds back unknown clients, never the owner's browsers.
      const device = await knownDevice(request);
      const failuresOnly: Array<[LimitName, string]> = device ? [['loginPerDevice', device]] : [['loginPerAccount', bodyEmail(request)]];
      await countAll(reply, device ? failuresOnly : [['loginPerIp', byIp(request)], ['login', byIpAndEmail(request)], ...failuresOnly]);
      const user = await onlyGuessesCount(failuresOnly, WRONG_CREDENTIALS, () => {
        const body = validBody(request);
        return authenticate(app.db, body.email, body.password);
      });
      await signIn(app, request, reply, user);
      await rememberDevice(app.db, app.config, request, reply, user.id, app.now());
      return { result: true, message: SIGNED_IN, user: toWireUser(user) };
    });
  }

  // Idempotent: signed out already is fine, the cookie is cleared either way.
  const logout = { tags, summary: 'Sign out (signed out already is fine)', response: { 200: resultAnswerSchema, ...failures } };
  app.post('/logout', { schema: logout }, async (request, reply): Promise<ResultAnswer> => {
    if (request.sessionId) await destroySession(app.db, request.sessionId);
    request.user = null;
    request.sessionId = null;
    clearSessionCookie(reply, app.config);
    return { result: true, message: SIGNED_OUT };
  });

  // Signed out is an answer, not a failure (decision 0105): every visitor's page asks, and a 401 is an error in its console.
  const session = { tags, summary: 'Who is signed in (user null when nobody is)', response: { 200: sessionAnswerSchema, ...failures } };
  app.get('/session', { schema: session }, async (request): Promise<SessionAnswer> => {
    return { user: request.user ? toWireUser(request.user) : null };
  });

  const allUser = {
    tags,
    summary: 'An account’s name and e-mail',
    params: emailParams,
    response: { 200: allUserAnswerSchema, ...failures },
  };
  app.get('/alluser/:email', { preHandler: requireUser, schema: allUser }, async (request): Promise<AllUserAnswer> => {
    assertSelfOrAdmin(request, request.params.email);
    return userSummary(app.db, request.params.email);
  });

  const profile = withBody(
    'Change your name, and ask to change your e-mail (confirmed with your current password; the new address with a mailed code)',
    profileBodySchema,
    { 200: profileAnswerSchema },
  );
  app.put('/profile', { ...profile, preHandler: [requireUser, profileLimit] }, async (request): Promise<ProfileAnswer> => {
    const body = validBody(request);
    const { user, newEmail } = await updateProfile(app, currentUser(request).id, body);
    if (!newEmail) return { result: true, message: PROFILE_UPDATED, user: toWireUser(user) };
    // The new address is the account's only once the code mailed to it comes back (decision 0705).
    await requestEmailChange(app, user, newEmail);
    return { result: true, message: emailChangeSent(newEmail, user.email), user: toWireUser(user), pendingEmail: newEmail };
  });

  // Confirms a new e-mail address with the code mailed to it; the account's other sessions end.
  const confirmEmail = withBody('Confirm a new e-mail address with the code mailed to it', confirmEmailBodySchema, {
    200: authAnswerSchema,
  });
  app.post('/profile/confirm-email', { ...confirmEmail, preHandler: [requireUser, profileLimit] }, async (request): Promise<AuthAnswer> => {
    const body = validBody(request);
    const user = await confirmEmailChange(app, currentUser(request), request.sessionId ?? '', body.code);
    request.user = user;
    return { result: true, message: EMAIL_CONFIRMED, user: toWireUser(user) };
  });

  // The account proves it holds its e-mail with a code mailed there (email-verification.ts); only its owner can ask,
  // so its limits count per account.
  const verifyEmail = {
    tags,
    summary: 'Mail a code to your e-mail address, to verify it',
    body: verifyEmailBodySchema,
    response: { 200: verifyEmailSentSchema, ...failures },
  };
  app.post('/profile/verify-email', { preHandler: requireUser, schema: verifyEmail }, async (request, reply): Promise<VerifyEmailSent> => {
    const user = currentUser(request);
    await count(reply, 'verifyEmail', user.id);
    await sendVerificationCode(app, user.id);
    return { result: 'sent' };
  });

  const verifyEmailConfirm = withBody('Verify your e-mail address with the code mailed to it', verifyEmailConfirmBodySchema, {
    200: verifyEmailConfirmedSchema,
  });
  app.post(
    '/profile/verify-email/confirm',
    { ...verifyEmailConfirm, preHandler: requireUser },
    async (request, reply): Promise<VerifyEmailConfirmed> => {
      const user = currentUser(request);
      const failuresOnly: Array<[LimitName, string]> = [['verifyEmailConfirm', user.id]];
      await countAll(reply, failuresOnly);
      const verified = await onlyGuessesCount(failuresOnly, INVALID_OTP_ANSWER, () =>
        confirmEmailVerification(app, user, validBody(request).code),
      );
      request.user = verified;
      return { result: 'verified', message: EMAIL_VERIFIED, user: toWireUser(verified) };
    },
  );

  for (const url of withAndWithoutSlash('/forgot-password')) {
    const route = withBody('Mail a password reset code (the same answer whether or not the account exists)', forgotPasswordBodySchema, {
      200: resultAnswerSchema,
    });
    app.post(url, route, async (request, reply): Promise<ResultAnswer> => {
      const device = await knownDevice(request);
      await countAll(
        reply,
        device
          ? [['forgotPasswordPerDevice', device]]
          : [
              ['forgotPasswordPerIp', byIp(request)],
              ['forgotPassword', byIpAndEmail(request)],
              ['forgotPasswordPerAccount', bodyEmail(request)],
            ],
      );
      const body = validBody(request);
      await issueResetCode(app, body.email);
      return { result: true, message: OTP_SENT };
    });
  }

  for (const url of withAndWithoutSlash('/change-password')) {
    const route = withBody('Set a new password with a mailed code', changePasswordBodySchema, { 200: resultAnswerSchema });
    app.post(url, route, async (request, reply): Promise<ResultAnswer> => {
      // Wrong codes are counted per address, and also per account and shop-wide whatever the address (each code
      // dies after 5 wrong tries as well); a browser known to the account is counted on its own.
      const device = await knownDevice(request);
      const failuresOnly: Array<[LimitName, string]> = device
        ? [['changePasswordPerDevice', device]]
        : [
            ['changePasswordPerAccount', bodyEmail(request)],
            ['changePasswordShopWide', 'shop'],
          ];
      await countAll(reply, device ? failuresOnly : [['changePassword', byIp(request)], ...failuresOnly]);
      const { userId } = await onlyGuessesCount(failuresOnly, INVALID_OTP_ANSWER, () => resetPassword(app, validBody(request)));
      // The browser that redeemed a mailed code has shown it reads the account's mail: it is known from now on.
      await rememberDevice(app.db, app.config, request, reply, userId, app.now());
      return { result: true, message: PASSWORD_UPDATED };
    });
  }

  await app.register(outboxRoutes);
};
