import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AuthAnswer,
  ChangePasswordBody,
  ConfirmEmailBody,
  ForgotPasswordBody,
  LoginBody,
  ProfileAnswer,
  ProfileBody,
  RegisterBody,
  ResultAnswer,
  VerifyEmailConfirmBody,
  VerifyEmailConfirmed,
  VerifyEmailSent,
} from '@shop/shared/contract/auth';
import type { DeleteAccountAnswer, DeleteAccountBody } from '@shop/shared/contract/account-data';
import { api, ApiError } from '../../../lib/api';
import { cartStore } from '../../../lib/cart-store';
import { rememberUser } from '../../../lib/stored-user';
import { sessionQueryKey, type SessionUser } from '../../../lib/use-session';

/** After register, login or a profile change: the answer's user becomes the session everyone reads. */
function useAdoptUser() {
  const queryClient = useQueryClient();
  return (user: SessionUser) => {
    rememberUser(user);
    queryClient.setQueryData(sessionQueryKey, user);
  };
}

export function useLogin() {
  const adopt = useAdoptUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api.post<AuthAnswer>('/login/', body),
    onSuccess: (answer) => {
      adopt(answer.user);
      // Answers cached while signed out (favourites, notifications) are refetched for this user.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    },
  });
}

export function useRegister() {
  const adopt = useAdoptUser();
  return useMutation({
    mutationFn: (body: RegisterBody) => api.post<AuthAnswer>('/register/', body),
    onSuccess: (answer) => adopt(answer.user),
  });
}

/** Saves the name; a new e-mail comes back as `pendingEmail`, waiting for the code mailed to it. */
export function useUpdateProfile() {
  const adopt = useAdoptUser();
  return useMutation({
    mutationFn: (body: ProfileBody) => api.put<ProfileAnswer>('/profile', body),
    onSuccess: (answer) => adopt(answer.user),
  });
}

/** The code mailed to the new address: the account's e-mail becomes it, and its other sessions end. */
export function useConfirmEmail() {
  const adopt = useAdoptUser();
  return useMutation({
    mutationFn: (body: ConfirmEmailBody) => api.post<AuthAnswer>('/profile/confirm-email', body),
    onSuccess: (answer) => adopt(answer.user),
  });
}

/** Mails a code to the account's e-mail, to verify it (409 EMAIL_ALREADY_VERIFIED when it is). */
export function useSendVerificationCode() {
  return useMutation({ mutationFn: () => api.post<VerifyEmailSent>('/profile/verify-email') });
}

/**
 * The code mailed to the account's e-mail: the session's user comes back verified, and what was cached for them (the
 * order history, which now takes in the orders placed as a guest with that e-mail) is fetched again.
 */
export function useConfirmVerification() {
  const adopt = useAdoptUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifyEmailConfirmBody) => api.post<VerifyEmailConfirmed>('/profile/verify-email/confirm', body),
    onSuccess: (answer) => {
      adopt(answer.user);
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    },
  });
}

/** Asks the server who is signed in again: a refusal said the session's copy is out of date (verified elsewhere). */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

/**
 * The spec's answers carry `result` and `message` whether they succeed or not; the server also sends failures
 * with an error status. Both come back here as a ResultAnswer, so a screen has one thing to look at.
 * Anything else (network down, a server error) is thrown.
 */
async function resultCall(path: string, body: unknown): Promise<ResultAnswer> {
  try {
    return await api.post<ResultAnswer>(path, body);
  } catch (error) {
    const answer = error instanceof ApiError ? (error.body as Partial<ResultAnswer> | undefined) : undefined;
    if (answer?.result === false && typeof answer.message === 'string') return { result: false, message: answer.message };
    throw error;
  }
}

export const requestResetCode = (body: ForgotPasswordBody) => resultCall('/forgot-password/', body);
export const changePassword = (body: ChangePasswordBody) => resultCall('/change-password/', body);

/**
 * 'Delete my account' (decision 1002): the server erases the account and ends every session (this one too). The
 * screen says so, then `forget` makes this browser forget the user, everything cached for them and the cart.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: DeleteAccountBody) => api.post<DeleteAccountAnswer>('/profile/delete', body),
  });
  // One function for the screen's life: the screen calls it when it leaves the page.
  const forget = useCallback(() => {
    cartStore.clear();
    rememberUser(null);
    // Signed out first, in the session query every screen watches (clearing the cache first would leave the
    // screens watching a query no longer in it: the nav bar kept 'Log Out'); then everything cached for the user goes.
    queryClient.setQueryData(sessionQueryKey, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  }, [queryClient]);
  return { ...mutation, forget };
}
