import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffChangeBody, StaffInviteBody, StaffMember } from '@shop/shared/contract/staff';
import { api } from '../../../lib/api';

const STAFF_KEY = ['staff'] as const;

/** `GET /api/staff`: the team, owners first, then by name. */
export function useStaff() {
  return useQuery({
    queryKey: STAFF_KEY,
    queryFn: ({ signal }) => api.get<{ staff: StaffMember[] }>('/staff', { signal }).then((answer) => answer.staff),
  });
}

/** `POST /api/staff`: the invitation is made and mailed; the list is read again. */
export function useInviteStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffInviteBody) => api.post<{ member: StaffMember }>('/staff', body).then((answer) => answer.member),
    onSuccess: () => client.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}

/** `PUT /api/staff/{id}` with a new name, a new role, or both. */
export function useChangeStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: StaffChangeBody }) =>
      api.put<{ member: StaffMember }>(`/staff/${encodeURIComponent(id)}`, change).then((answer) => answer.member),
    onSuccess: () => client.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}

/** `DELETE /api/staff/{id}`: the login is closed and its sessions end. */
export function useRemoveStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/staff/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}
