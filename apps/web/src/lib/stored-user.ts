import type { SessionUser } from './use-session';

/** SPEC.md section 3: the session user is also kept locally as {email, displayName, role}. */
export interface StoredUser {
  email: string;
  displayName: string;
  role: string;
}

export const STORED_USER_KEY = 'user';

export function toStoredUser(user: SessionUser): StoredUser {
  return { email: user.email, displayName: user.username, role: user.role };
}

/**
 * Mirrors the server's answer into localStorage. Only a mirror: the server session (useSession) decides who is
 * signed in, so editing this entry by hand changes nothing the server would allow.
 */
export function rememberUser(user: SessionUser | null, storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = safeStorage()): void {
  if (!storage) return;
  try {
    if (user) storage.setItem(STORED_USER_KEY, JSON.stringify(toStoredUser(user)));
    else storage.removeItem(STORED_USER_KEY);
  } catch {
    // Storage full or blocked (private mode): the server session still works.
  }
}

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
