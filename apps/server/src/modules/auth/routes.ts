import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import {
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  PROFILE_UPDATED,
  profileBodySchema,
  REGISTERED,
  registerBodySchema,
  SIGNED_IN,
  SIGNED_OUT,
  TOO_MANY_ATTEMPTS,
  type AllUserAnswer,
  type AuthAnswer,
  type ResultAnswer,
  type SessionAnswer,
} from '@shop/shared/contract/auth';
import { OTP_SENT, PASSWORD_UPDATED } from '@shop/shared/domain/messages';
import { clientAddressKey } from '../../http/client-address';
import { HttpError } from '../../http-errors';
import { flushMail } from '../../mail/mailer';
import { outboxRoutes } from '../../mail/outbox-routes';
import { assertSelfOrAdmin, currentUser, requireUser, SIGN_IN_REQUIRED } from './guards';
import { issueResetCode, resetPassword } from './otp';
import { authenticate, registerUser, toWireUser, updateProfile, userSummary } from './service';
import { postgresRateLimitStore, type NamedLimitOptions } from './rate-limit-store';
import { clearSessionCookie, destroySession, signIn } from './session';

/**
 * Rate limits, counted in the database (rate-limit-store.ts) so that every process of the shop shares them
 * (decision 0701). Generous for a person, tight for a script: a customer who mistypes a password ten times in a
 * minute waits a minute; a password-guessing script gets ten guesses per minute per account.
 */
export const RATE_LIMITS = {
  /** Per IP and e-mail: guesses against one account. */
  login: { max: 10, timeWindow: 60_000 },
  /** Per e-mail, from all addresses together: guesses spread over many machines against one account. */
  loginPerAccount: { max: 50, timeWindow: 15 * 60_000 },
  /** Per IP, whatever the e-mail: a script trying one password against many accounts. */
  loginPerIp: { max: 100, timeWindow: 10 * 60_000 },
  /** Per IP: sign-ups from one address (a household or an office can still register several people). */
  register: { max: 20, timeWindow: 60 * 60_000 },
  /** Per IP and e-mail: each request mails a code. */
  forgotPassword: { max: 5, timeWindow: 15 * 60_000 },
  /** Per e-mail, from all addresses together: each code is 5 guesses, so the codes of one account are few. */
  forgotPasswordPerAccount: { max: 10, timeWindow: 60 * 60_000 },
  /** Per IP, whatever the e-mail: each request costs a password hash and may send a mail. */
  forgotPasswordPerIp: { max: 30, timeWindow: 15 * 60_000 },
  /** Per IP: code guesses across accounts (each code also dies after 5 wrong tries). */
  changePassword: { max: 20, timeWindow: 15 * 60_000 },
  /** Per IP: the profile form checks the current password, so it is a guessing route too. */
  profile: { max: 10, timeWindow: 60_000 },
} as const;

function bodyEmail(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

// The address a limit counts by (an IPv6 client's /64), shared with the realtime server's per-address socket cap.
export { clientAddressKey };

const byIp = (request: FastifyRequest) => clientAddressKey(request.ip);
const byIpAndEmail = (request: FastifyRequest) => `${clientAddressKey(request.ip)}|${bodyEmail(request)}`;
const byEmail = (request: FastifyRequest) => bodyEmail(request);

function tooMany(): HttpError {
  return new HttpError('TOO_MANY_REQUESTS', TOO_MANY_ATTEMPTS);
}

/**
 * Parses a body with one of the contract's schemas. A refusal answers 400 with the schema's own sentences
 * ('Please enter a valid email address.'), since screens show this message to people as it is.
 */
function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
  throw new HttpError('VALIDATION_FAILED', messages.join(' '));
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

export const accountRoutes: FastifyPluginAsync = async (app) => {
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
  // The per-address cap runs first, so requests it refuses never reach (and crowd) the per-e-mail counters.
  const loginLimits: preHandlerAsyncHookHandler[] = [
    limit('loginPerIp', byIp),
    limit('login', byIpAndEmail),
    limit('loginPerAccount', byEmail),
  ];
  const registerLimit = limit('register', byIp);
  const forgotLimits = [
    limit('forgotPasswordPerIp', byIp),
    limit('forgotPassword', byIpAndEmail),
    limit('forgotPasswordPerAccount', byEmail),
  ];
  const changeLimit = limit('changePassword', byIp);
  const profileLimit = limit('profile', byIp);

  for (const url of withAndWithoutSlash('/register')) {
    app.post(url, { preHandler: registerLimit }, async (request, reply): Promise<AuthAnswer> => {
      const body = parseBody(registerBodySchema, request.body);
      const user = await registerUser(app, body);
      await signIn(app, request, reply, user);
      reply.code(201);
      return { result: true, message: REGISTERED, user: toWireUser(user) };
    });
  }

  for (const url of withAndWithoutSlash('/login')) {
    app.post(url, { preHandler: loginLimits }, async (request, reply): Promise<AuthAnswer> => {
      const body = parseBody(loginBodySchema, request.body);
      const user = await authenticate(app.db, body.email, body.password);
      await signIn(app, request, reply, user);
      return { result: true, message: SIGNED_IN, user: toWireUser(user) };
    });
  }

  // Idempotent: signed out already is fine, the cookie is cleared either way.
  app.post('/logout', async (request, reply): Promise<ResultAnswer> => {
    if (request.sessionId) await destroySession(app.db, request.sessionId);
    request.user = null;
    request.sessionId = null;
    clearSessionCookie(reply, app.config);
    return { result: true, message: SIGNED_OUT };
  });

  app.get('/session', async (request): Promise<SessionAnswer> => {
    if (!request.user) throw new HttpError('SIGN_IN_REQUIRED', SIGN_IN_REQUIRED);
    return { user: toWireUser(request.user) };
  });

  app.get<{ Params: { email: string } }>('/alluser/:email', { preHandler: requireUser }, async (request): Promise<AllUserAnswer> => {
    assertSelfOrAdmin(request, request.params.email);
    return userSummary(app.db, request.params.email);
  });

  app.put('/profile', { preHandler: [requireUser, profileLimit] }, async (request): Promise<AuthAnswer> => {
    const body = parseBody(profileBodySchema, request.body);
    const user = await updateProfile(app, currentUser(request).id, body);
    return { result: true, message: PROFILE_UPDATED, user: toWireUser(user) };
  });

  for (const url of withAndWithoutSlash('/forgot-password')) {
    app.post(url, { preHandler: forgotLimits }, async (request): Promise<ResultAnswer> => {
      const body = parseBody(forgotPasswordBodySchema, request.body);
      await issueResetCode(app, body.email);
      return { result: true, message: OTP_SENT };
    });
  }

  for (const url of withAndWithoutSlash('/change-password')) {
    app.post(url, { preHandler: changeLimit }, async (request): Promise<ResultAnswer> => {
      const body = parseBody(changePasswordBodySchema, request.body);
      await resetPassword(app, body);
      return { result: true, message: PASSWORD_UPDATED };
    });
  }

  await app.register(outboxRoutes);
};
