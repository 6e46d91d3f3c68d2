import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useConfirmEmail, useUpdateProfile } from '../api/use-account';
import { OTP_LENGTH } from '@shop/shared/domain/account-rules';
import { useSession } from '../../../lib/use-session';
import { AuthCard } from '../components/auth-card';
import { CurrentPasswordField } from '../components/current-password-field';
import { MyDataSection } from '../components/my-data-section';
import { paths } from '../../../lib/paths';

/**
 * `/profile/my-profile`: name, email and password, all required (SPEC.md sections 2 and 5). The password is the
 * current one, confirming the change (docs/decisions/0101-profile-form.md); a new password goes through
 * 'Forgot Password'. Under it, 'Your data': download it, or delete the account (decision 1002).
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
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Change your name or email. Your current password confirms the change; a new email is confirmed with a code we send to it.
        </Typography>
      }
      footer={
        <>
          <Box sx={{ display: 'flex', justifyContent: 'center', gap: 3, flexWrap: 'wrap' }}>
            <Link component={RouterLink} to={paths.myOrders}>
              See Order History
            </Link>
            <Link component={RouterLink} to={paths.myAddresses}>
              My Addresses
            </Link>
          </Box>
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
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            label={`Code sent to ${pendingEmail}`}
            name="email-code"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            slotProps={{ htmlInput: { maxLength: OTP_LENGTH } }}
            fullWidth
          />
          <Button
            variant="outlined"
            size="large"
            onClick={confirmCode}
            loading={confirm.isPending}
            disabled={confirm.isPending || code.trim().length !== OTP_LENGTH}
          >
            Confirm
          </Button>
        </Box>
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
      <Button type="submit" variant="contained" size="large" loading={update.isPending} disabled={update.isPending} fullWidth>
        Save
      </Button>
    </AuthCard>
  );
}
