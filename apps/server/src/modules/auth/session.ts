import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { runPrepared, type Db, type PreparedSql } from '../../db/client';
import { sessions } from '../../db/schema';
import { emitSessionsEnded } from './session-events';
import type { Role } from '@shop/shared/domain/roles';

export const SESSION_COOKIE = 'sid';
const SESSION_DAYS = 30;

/** The signed-in user as every route sees it. Never carries the password hash. */
export interface SessionUser {
  id: string;
  email: string;
  username: string;
  role: Role;
  /** The account proved it holds its e-mail (a code mailed there): guest orders with that e-mail are its own. */
  emailVerified: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Loaded from the session cookie before any handler runs; null when signed out. */
    user: SessionUser | null;
    /** The sha256 id of the current session, so logout can end exactly this one. */
    sessionId: string | null;
  }
}

/** The table keeps only a hash of the token, so a leaked table does not leak live sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: Db, userId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 24 * 60 * 60 * 1000);
  await db.insert(sessions).values({ id: hashToken(token), userId, createdAt: now, expiresAt, lastSeenAt: now });
  return { token, expiresAt };
}

// Runs on every signed-in API request, so it is a prepared statement rather than a query built each time.
// Never cached: a logout or password change ends the session for the very next request, in every process.
const SESSION_USER: PreparedSql = {
  name: 'session-user',
  text: `select u.id, u.email, u.username, u.role, u.email_verified_at is not null as email_verified
    from sessions s join users u on u.id = s.user_id
    where s.id = $1 and s.expires_at > $2::text::timestamptz limit 1`,
};

export async function findSessionUser(db: Db, token: string, now: Date): Promise<{ sessionId: string; user: SessionUser } | null> {
  const sessionId = hashToken(token);
  const rows = await runPrepared<{ id: string; email: string; username: string; role: SessionUser['role']; email_verified: boolean }>(
    db,
    SESSION_USER,
    [sessionId, now.toISOString()],
  );
  const row = rows[0];
  return row
    ? { sessionId, user: { id: row.id, email: row.email, username: row.username, role: row.role, emailVerified: row.email_verified } }
    : null;
}

export async function destroySession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
  emitSessionsEnded(db, { sessionId });
}

/** Ends every session of a user (password change). Inside a transaction: emit `{userId}` once it commits. */
export async function destroyUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

function cookieOptions(config: Config, expires?: Date) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicOrigin.startsWith('https:'),
    ...(expires ? { expires } : {}),
  };
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(config, expiresAt));
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(config));
}

/** Starts a fresh session (a new token every time: rotation at login) and sets its cookie. */
export async function signIn(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, user: SessionUser): Promise<void> {
  if (request.sessionId) await destroySession(app.db, request.sessionId);
  const { token, expiresAt } = await createSession(app.db, user.id, app.now());
  setSessionCookie(reply, app.config, token, expiresAt);
  request.user = user;
}

/** Reads the session cookie on every request; handlers and guards then look at request.user. */
export function registerSessions(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/api/')) return;
    const found = await findSessionUser(app.db, token, app.now());
    if (found) {
      request.user = found.user;
      request.sessionId = found.sessionId;
    }
  });
}
