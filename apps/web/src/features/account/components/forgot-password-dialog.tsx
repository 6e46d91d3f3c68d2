import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Dialog, TextField } from '../../../components/ui';
import { CHANGE_PASSWORD_FAILED, OTP_SENT, PASSWORD_UPDATED } from '@shop/shared/domain/messages';
import { changePassword, requestResetCode } from '../api/use-account';
import { OTP_LENGTH, PASSWORD_MIN_LENGTH } from '@shop/shared/domain/account-rules';
import { checkNewPassword, checkResetEmail } from '../lib/forgot-password-checks';
import { showToast } from '../../../lib/toast';

interface ForgotPasswordDialogProps {
  open: boolean;
  onClose: () => void;
  /** What the sign-in form's e-mail field holds, to save typing it twice. */
  initialEmail?: string;
}

type Step = 'email' | 'reset';

interface StepFormProps {
  intro: ReactNode;
  onSubmit: (event: FormEvent) => Promise<void>;
  children: ReactNode;
  /** Ties the dialog's submit button, drawn in the actions below the form, to it. */
  formId: string;
}

/** One step's form: a line of help and its fields; its title names the dialog, its buttons are the dialog's actions. */
function StepForm({ intro, onSubmit, children, formId }: StepFormProps) {
  return (
    <form id={formId} onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className="ui-p ui-muted account-dialog-intro">{intro}</p>
      {children}
    </form>
  );
}

/**
 * SPEC.md sections 2, 4, 5 and 8: step 1 'Insert Email For Sending OTP' mails a code; step 2 'Reset Password'
 * sets a new password with it. Its popups ('Password Updated.', ...) are the app's toast, so they outlive it.
 */
export function ForgotPasswordDialog({ open, onClose, initialEmail = '' }: ForgotPasswordDialogProps) {
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState(initialEmail);
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const formId = useId();

  // Closed, it starts again at step one next time, with the e-mail it had.
  const close = () => {
    setStep('email');
    setOtp('');
    setPassword('');
    setConfirm('');
    onClose();
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const problem = checkResetEmail(email);
    if (problem) {
      showToast(problem, 'warning');
      return;
    }
    setSending(true);
    try {
      const answer = await requestResetCode({ email: email.trim() });
      if (answer.result) {
        setStep('reset');
        showToast(OTP_SENT, 'success');
      } else {
        showToast(answer.message, 'warning');
      }
    } catch (error) {
      // SPEC.md section 8: a failed forgot-password request only logs and stops loading.
      console.error('forgot-password request failed', error);
    } finally {
      setSending(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = checkNewPassword({ otp, password, confirm });
    if (problem) {
      showToast(problem, 'warning');
      return;
    }
    setSubmitting(true);
    try {
      const answer = await changePassword({ otp: otp.trim(), password, email: email.trim() });
      if (answer.result) {
        showToast(PASSWORD_UPDATED, 'success');
        close();
      } else {
        showToast(CHANGE_PASSWORD_FAILED, 'error');
      }
    } catch (error) {
      console.error('change-password request failed', error);
      showToast(CHANGE_PASSWORD_FAILED, 'error');
    } finally {
      setSubmitting(false);
    }
  };

  const busy = step === 'email' ? sending : submitting;
  return (
    <Dialog
      open={open}
      onClose={close}
      title={step === 'email' ? 'Insert Email For Sending OTP' : 'Reset Password'}
      className="is-forgot-password"
      actions={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" form={formId} variant="contained" loading={busy}>
            {step === 'email' ? 'Send' : 'Submit'}
          </Button>
        </>
      }
    >
      {step === 'email' ? (
        <StepForm formId={formId} intro={`We will e-mail you a ${OTP_LENGTH}-character code to set a new password.`} onSubmit={send}>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            fullWidth
            autoFocus
          />
        </StepForm>
      ) : (
        <StepForm formId={formId} intro={`Enter the code we sent to ${email.trim()} and choose a new password.`} onSubmit={submit}>
          <div className="ui-stack">
            <TextField
              label="OTP"
              name="otp"
              autoComplete="one-time-code"
              value={otp}
              onChange={(event) => setOtp(event.target.value.toUpperCase())}
              fullWidth
              autoFocus
              autoCapitalize="characters"
              spellCheck={false}
            />
            <TextField
              label="New Password"
              type="password"
              name="new-password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              helperText={`At least ${PASSWORD_MIN_LENGTH} characters`}
              fullWidth
            />
            <TextField
              label="Confirm New Password"
              type="password"
              name="confirm-new-password"
              autoComplete="new-password"
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
              fullWidth
            />
          </div>
        </StepForm>
      )}
    </Dialog>
  );
}
