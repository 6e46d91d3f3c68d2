import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, hasErrorCode } from '../../../lib/api';
import { rememberUser } from '../../../lib/stored-user';
import { sessionQueryKey } from '../../../lib/use-session';

/** Ends the session on the server, then forgets everything cached for the previous user. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.post('/logout');
      } catch (error) {
        // Already signed out (or a server without accounts): the local state is all that is left to clear.
        if (!hasErrorCode(error, 'SIGN_IN_REQUIRED', 'NOT_FOUND')) throw error;
      }
    },
    onSuccess: () => {
      rememberUser(null);
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
