import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Button, TextField } from '../../../components/ui';
import { useConfirmEmail, useUpdateProfile } from '../api/use-account';
import { OTP_LENGTH } from '@shop/shared/domain/account-rules';
import { useSession } from '../../../lib/use-session';
import { AuthCard } from '../components/auth-card';
import { CurrentPasswordField } from '../components/current-password-field';
import { MyDataSection } from '../components/my-data-section';
import { SavedCardsSection } from '../components/saved-cards-section';
import { StampCardSection } from '../components/stamp-card-section';
import { VerifyEmailSection } from '../components/verify-email-section';
import { paths } from '../../../lib/paths';

/**
 * `/profile/my-profile`: name, email and password, all required (SPEC.md sections 2 and 5). The password is the
 * current one, confirming the change (docs/decisions/0101-profile-form.md); a new password goes through
 * 'Forgot Password'. Under it, 'Verify your e-mail' while the account has not, the saved cards (decision 1603), and
 * 'Your data': download it, or delete
 * the account (decision 1002).
 */
export function ProfilePage() {
  const { user } = useSession();
  const update = useUpdateProfile();
  const [username, setUsername] = useState(user?.username ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [password, setPassword] = useState('');
  const confirm = useConfirmEmail();
  const [code, setCode] = useState('');
  // A new e-mail waits for the code mailed to it (decision 0705); until then the old one signs in.
  const pendingEmail = update.data?.pendingEmail && !confirm.isSuccess ? update.data.pendingEmail : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.reset();
    update.mutate({ username: username.trim(), email: email.trim(), password }, { onSettled: () => setPassword('') });
  };

  const confirmCode = () => {
    confirm.mutate({ code: code.trim() }, { onSuccess: (answer) => setEmail(answer.user.email), onSettled: () => setCode('') });
  };

  return (
    <AuthCard
      title="My Profile"
      onSubmit={submit}
      intro={
        <p className="ui-p ui-muted">
          Change your name or email. Your current password confirms the change; a new email is confirmed with a code we send to it.
        </p>
      }
      footer={
        <>
          <div className="profile-links">
            <Link className="text-link" to={paths.myOrders}>
              See Order History
            </Link>
            <Link className="text-link" to={paths.myAddresses}>
              My Addresses
            </Link>
          </div>
          <VerifyEmailSection />
          <SavedCardsSection />
          <StampCardSection />
          <MyDataSection />
        </>
      }
    >
      {update.isSuccess && !confirm.isSuccess && (
        <Alert severity="success" role="status">
          {update.data.message}
        </Alert>
      )}
      {confirm.isSuccess && (
        <Alert severity="success" role="status">
          {confirm.data.message}
        </Alert>
      )}
      {confirm.isError && (
        <Alert severity="error" role="alert">
          {confirm.error.message}
        </Alert>
      )}
      {pendingEmail && (
        <div className="profile-code-row">
          <TextField
            label={`Code sent to ${pendingEmail}`}
            name="email-code"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            maxLength={OTP_LENGTH}
            fullWidth
          />
          <Button
            variant="outlined"
            size="large"
            onClick={confirmCode}
            loading={confirm.isPending}
            disabled={code.trim().length !== OTP_LENGTH}
          >
            Confirm
          </Button>
        </div>
      )}
      {update.isError && (
        <Alert severity="error" role="alert">
          {update.error.message}
        </Alert>
      )}
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        required
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        fullWidth
      />
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        fullWidth
      />
      <CurrentPasswordField value={password} onChange={setPassword} />
      <Button type="submit" variant="contained" size="large" loading={update.isPending} fullWidth>
        Save
      </Button>
    </AuthCard>
  );
}
