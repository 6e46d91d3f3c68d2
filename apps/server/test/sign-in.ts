import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { newId } from '../src/db/id';
import { hashPassword } from '../src/modules/auth/password';
import { createSession, SESSION_COOKIE } from '../src/modules/auth/session';
import type { TestServer } from './harness';
import type { Role } from '@shop/shared/domain/roles';

export interface SignedIn {
  /** Send as the `cookie` header. */
  cookie: string;
  user: { id: string; email: string; username: string; role: Role };
  password: string;
}

let counter = 0;

/**
 * Creates (or reuses) a user straight in the database and opens a session for them, so suites that are not about
 * signing in need not depend on the login route. Accounts tests sign in through the real routes instead.
 */
export async function signInAs(
  server: TestServer,
  opts: { role?: Role; email?: string; username?: string; password?: string } = {},
): Promise<SignedIn> {
  const role = opts.role ?? 'customer';
  counter += 1;
  const email = (opts.email ?? `${role}${counter}-${newId().slice(-6)}@example.com`).toLowerCase();
  const password = opts.password ?? 'a-Strong-password-1';
  const db = server.app.db;
  const now = server.app.now();
  let row = (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];
  if (!row) {
    [row] = await db
      .insert(users)
      .values({ email, username: opts.username ?? `Test ${role}`, role, passwordHash: await hashPassword(password), createdAt: now })
      .returning();
  }
  if (!row) throw new Error('could not create the test user');
  const { token } = await createSession(db, row.id, now);
  return { cookie: `${SESSION_COOKIE}=${token}`, user: { id: row.id, email: row.email, username: row.username, role: row.role }, password };
}
