import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthAnswer } from '@shop/shared/contract/auth';
import type { StaffRole } from '@shop/shared/domain/roles';
import { api } from '../../../lib/api';
import { rememberUser } from '../../../lib/stored-user';
import { sessionQueryKey } from '../../../lib/use-session';

export interface StaffInvite {
  email: string;
  name: string;
  role: StaffRole;
}

const path = (token: string) => `/staff-invites/${encodeURIComponent(token)}`;

/** `GET /api/staff-invites/{token}`: whom the link invites, as what; 404 INVITE_NOT_FOUND when unknown, used or expired. */
export function useStaffInvite(token: string) {
  return useQuery({
    queryKey: ['staff-invite', token],
    queryFn: ({ signal }) => api.get<StaffInvite>(path(token), { signal }),
    retry: false,
    // The link is used once: never answered from a copy.
    staleTime: 0,
  });
}

/** `POST /api/staff-invites/{token} {password}`: the member's login is made and signed in (the answer sets the cookie). */
export function useAcceptStaffInvite(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api.post<AuthAnswer>(path(token), { password }),
    onSuccess: (answer) => {
      rememberUser(answer.user);
      client.setQueryData(sessionQueryKey, answer.user);
      // Answers cached for whoever was signed in before (or nobody) are asked again for the new member.
      void client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    },
  });
}
