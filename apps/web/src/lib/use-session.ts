import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from './api';
import { rememberUser } from './stored-user';

/** The signed-in user as `GET /api/session` describes them. */
export interface SessionUser {
  email: string;
  username: string;
  role: string;
}

export interface Session {
  user: SessionUser | null;
  isAdmin: boolean;
  /** True only while the first answer is awaited; guards wait instead of redirecting. */
  isLoading: boolean;
}

export const sessionQueryKey = ['session'] as const;

/**
 * The current user, or null when signed out (401, or 404 from a server without accounts). The server's session
 * is the truth; the local copy the spec asks for is refreshed from every answer.
 */
export async function fetchSession(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    const answer = await api.get<{ user?: SessionUser | null }>('/session', { signal });
    const user = answer?.user ?? null;
    rememberUser(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
      rememberUser(null);
      return null;
    }
    throw error;
  }
}

export function useSession(): Session {
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 5 * 60_000,
    retry: 1,
  });
  const user = query.data ?? null;
  return { user, isAdmin: user?.role === 'admin', isLoading: query.isPending };
}
