import { useState, type FormEvent, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
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

const TITLE_ID = 'forgot-password-title';

interface StepFormProps {
  title: string;
  intro: ReactNode;
  submitLabel: string;
  busy: boolean;
  onSubmit: (event: FormEvent) => Promise<void>;
  onCancel: () => void;
  children: ReactNode;
}

/** One step of the dialog: its title (which names the dialog), a line of help, its fields, Cancel and its submit button. */
function StepForm({ title, intro, submitLabel, busy, onSubmit, onCancel, children }: StepFormProps) {
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <DialogTitle id={TITLE_ID}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" loading={busy} disabled={busy}>
          {submitLabel}
        </Button>
      </DialogActions>
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

  // The fields go back to step one only once the dialog has faded out, so it does not flash step one (and a
  // second Email field) while it closes.
  const resetFields = () => {
    setStep('email');
    setOtp('');
    setPassword('');
    setConfirm('');
  };
  const close = onClose;

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

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={TITLE_ID}
      slotProps={{
        paper: { sx: { width: 400, maxWidth: 'calc(100% - 32px)', m: 2 } },
        backdrop: { transitionDuration: 500 },
        transition: { onExited: resetFields },
      }}
    >
      {step === 'email' ? (
        <StepForm
          title="Insert Email For Sending OTP"
          intro={`We will e-mail you a ${OTP_LENGTH}-character code to set a new password.`}
          submitLabel="Send"
          busy={sending}
          onSubmit={send}
          onCancel={close}
        >
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
        <StepForm
          title="Reset Password"
          intro={`Enter the code we sent to ${email.trim()} and choose a new password.`}
          submitLabel="Submit"
          busy={submitting}
          onSubmit={submit}
          onCancel={close}
        >
          <Stack spacing={2}>
            <TextField
              label="OTP"
              name="otp"
              autoComplete="one-time-code"
              value={otp}
              onChange={(event) => setOtp(event.target.value.toUpperCase())}
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
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
          </Stack>
        </StepForm>
      )}
    </Dialog>
  );
}
