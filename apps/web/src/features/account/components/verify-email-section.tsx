import { useState, type FormEvent } from 'react';
import { OTP_LENGTH } from '@shop/shared/domain/account-rules';
import { Alert, Button, TextField } from '../../../components/ui';
import { hasErrorCode } from '../../../lib/api';
import { useSession } from '../../../lib/use-session';
import { useConfirmVerification, useRefreshSession, useSendVerificationCode } from '../api/use-account';

/**
 * 'Verify your e-mail' on the profile, for an account that has not proved it holds its e-mail: a code is mailed there
 * and given back here. Orders placed as a guest with that e-mail join the account's history only once it is verified,
 * so that signing up with someone else's address shows nothing of theirs. Shown from the page's first look at an
 * unverified account until it leaves, so that the success stays on screen once the session says verified.
 */
export function VerifyEmailSection() {
  const { user } = useSession();
  const [asked] = useState(user?.emailVerified === false);
  const send = useSendVerificationCode();
  const confirm = useConfirmVerification();
  const refreshSession = useRefreshSession();
  const [code, setCode] = useState('');

  if (!asked || !user) return null;

  const sendCode = () => {
    confirm.reset();
    setCode('');
    send.mutate(undefined, {
      onError: (error) => {
        if (hasErrorCode(error, 'EMAIL_ALREADY_VERIFIED')) refreshSession();
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(
      { code: code.trim() },
      {
        onError: (error) => {
          if (hasErrorCode(error, 'EMAIL_ALREADY_VERIFIED')) refreshSession();
          setCode('');
        },
      },
    );
  };

  return (
    <section aria-labelledby="verify-email-title" className="my-data">
      <h2 id="verify-email-title" className="my-data-title">
        {user.emailVerified ? 'Your e-mail' : 'Verify your e-mail'}
      </h2>
      {user.emailVerified ? (
        <Alert severity="success" role="status">
          E-mail verified. Orders you placed as a guest with {user.email} join your order history.
        </Alert>
      ) : (
        <>
          <p className="ui-p ui-muted my-data-text">
            Verify {user.email} so orders you placed as a guest with this e-mail join your history. We send a code to it.
          </p>
          {send.isError && (
            <Alert severity="error" role="alert" className="account-dialog-alert">
              {send.error.message}
            </Alert>
          )}
          {send.isSuccess && (
            <form className="ui-stack account-dialog-alert" onSubmit={submit}>
              <p className="ui-p" role="status">
                We have sent a code to {user.email}. Enter it here.
              </p>
              <div className="profile-code-row">
                <TextField
                  label="Code from the e-mail"
                  name="verify-code"
                  autoComplete="one-time-code"
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  maxLength={OTP_LENGTH}
                  error={confirm.isError}
                  helperText={confirm.isError ? confirm.error.message : undefined}
                  fullWidth
                />
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  loading={confirm.isPending}
                  disabled={code.trim().length !== OTP_LENGTH}
                >
                  Verify
                </Button>
              </div>
            </form>
          )}
          <div className="my-data-actions">
            <Button variant="outlined" onClick={sendCode} loading={send.isPending}>
              {send.isSuccess ? 'Send a new code' : 'Send code'}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
