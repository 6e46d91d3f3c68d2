import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api, hasErrorCode } from './api';
import { rememberUser } from './stored-user';
import { can, isStaffRole, ROLE_LABELS, type Permission } from '@shop/shared/domain/roles';

/** The signed-in user as `GET /api/session` describes them. */
export interface SessionUser {
  email: string;
  username: string;
  role: string;
  /**
   * The account proved it holds its e-mail with a mailed code, so orders placed as a guest with it join its history.
   * Absent from an answer that does not say (the profile then does not ask to verify).
   */
  emailVerified?: boolean;
}

export interface Session {
  user: SessionUser | null;
  isAdmin: boolean;
  /** True only while the first answer is awaited; guards wait instead of redirecting. */
  isLoading: boolean;
}

export const sessionQueryKey = ['session'] as const;

/** Its path under /api. */
export const SESSION_PATH = '/session';

/**
 * The current user, or null when signed out: the shop answers `{user: null}` (decision 0105); SIGN_IN_REQUIRED (an
 * older server) and NOT_FOUND (a server without accounts) mean the same. The server's session is the truth; the
 * local copy the spec asks for is refreshed from every answer.
 */
export async function fetchSession(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    const answer = await api.get<{ user?: SessionUser | null }>(SESSION_PATH, { signal });
    const user = answer?.user ?? null;
    rememberUser(user);
    return user;
  } catch (error) {
    if (hasErrorCode(error, 'SIGN_IN_REQUIRED', 'NOT_FOUND')) {
      rememberUser(null);
      return null;
    }
    throw error;
  }
}

const SESSION_STALE_MS = 5 * 60_000;

export function useSession(): Session {
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: SESSION_STALE_MS,
    retry: 1,
  });
  const user = query.data ?? null;
  return { user, isAdmin: isStaffRole(user?.role), isLoading: query.isPending };
}

/**
 * Whether the signed-in member of staff may do this (domain/roles.ts): the back office hides what the server would
 * refuse. False while the session loads and for anyone not signed in.
 */
export function useCan(permission: Permission): boolean {
  const { user } = useSession();
  return can(user?.role, permission);
}

/** The role's name as staff read it ('Kitchen'); the raw role for one this build does not know. */
export function roleLabel(role: string): string {
  return (ROLE_LABELS as Record<string, string>)[role] ?? role;
}

/**
 * The user as the session says now, for an action that must not guess: the cached answer when there is one, else
 * the first answer awaited (joining the request already on its way). A click made before the page knows who is
 * signed in then acts for that user instead of treating them as signed out.
 */
export function currentSessionUser(queryClient: QueryClient): Promise<SessionUser | null> {
  return queryClient.fetchQuery({ queryKey: sessionQueryKey, queryFn: ({ signal }) => fetchSession(signal), staleTime: SESSION_STALE_MS });
}
