import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useLogin } from '../api/use-account';
import { AuthCard } from '../components/auth-card';
import { ForgotPasswordDialog } from '../components/forgot-password-dialog';
import { returnPath } from '../lib/forgot-password-checks';
import { wasStaffOnly } from '../../../lib/guard-state';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/use-session';

/** `/signin` (SPEC.md section 2). After login the visitor returns to the page a guard sent them away from. */
export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const session = useSession();
  const staffOnly = wasStaffOnly(location.state);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [forgotOpen, setForgotOpen] = useState(false);
  const [forgotMounted, setForgotMounted] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email: email.trim(), password }, { onSuccess: () => void navigate(returnPath(location.state), { replace: true }) });
  };

  const openForgot = () => {
    setForgotMounted(true);
    setForgotOpen(true);
  };

  return (
    <AuthCard
      title="Welcome Back"
      onSubmit={submit}
      intro={
        staffOnly ? (
          <Alert severity="info" role="status" sx={{ mb: 2 }}>
            <strong>That page is for the shop&apos;s staff.</strong>{' '}
            {session.user
              ? `You are signed in as ${session.user.email}, a customer account. Sign in with a staff account to open it, or `
              : 'Sign in with a staff account to open it, or '}
            <Link component={RouterLink} to={paths.home}>
              go back to the menu
            </Link>
            .
          </Alert>
        ) : (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Sign in to order, see your orders and keep your favourites.
          </Typography>
        )
      }
      footer={
        <>
          <Typography>
            New here?{' '}
            <Link component={RouterLink} to={paths.signup} state={location.state}>
              Register
            </Link>
          </Typography>
          {/* Outside the sign-in form: React bubbles the dialog's submit through the portal to its parents. */}
          {forgotMounted && <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} initialEmail={email.trim()} />}
        </>
      }
    >
      {login.isError && (
        <Alert severity="error" role="alert">
          {login.error.message}
        </Alert>
      )}
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
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" loading={login.isPending} disabled={login.isPending} fullWidth>
        Login
      </Button>
      <Box sx={{ textAlign: 'center' }}>
        <Button variant="text" onClick={openForgot}>
          Forgot Password
        </Button>
      </Box>
    </AuthCard>
  );
}
