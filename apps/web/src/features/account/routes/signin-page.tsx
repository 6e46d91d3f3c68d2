import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert, Button, TextField } from '../../../components/ui';
import { useLogin } from '../api/use-account';
import { AuthCard } from '../components/auth-card';
import { ForgotPasswordDialog } from '../components/forgot-password-dialog';
import { returnPath } from '../lib/forgot-password-checks';
import { isDriverOnly } from '../../../lib/back-office-access';
import { wasStaffOnly } from '../../../lib/guard-state';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/use-session';

/**
 * `/signin` (SPEC.md section 2). After login the visitor returns to the page a guard sent them away from; a driver
 * without one goes to their deliveries.
 */
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
    login.mutate(
      { email: email.trim(), password },
      {
        // A driver with nowhere to return to opens their deliveries.
        onSuccess: (answer) => {
          const back = returnPath(location.state);
          void navigate(back === paths.home && isDriverOnly(answer.user.role) ? paths.driver : back, { replace: true });
        },
      },
    );
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
          <Alert severity="info" role="status">
            <strong>That page is for the shop&apos;s staff.</strong>{' '}
            {session.user
              ? `You are signed in as ${session.user.email}, a customer account. Sign in with a staff account to open it, or `
              : 'Sign in with a staff account to open it, or '}
            <Link className="text-link" to={paths.home}>
              go back to the menu
            </Link>
            .
          </Alert>
        ) : (
          <p className="ui-p ui-muted">Sign in to order, see your orders and keep your favourites.</p>
        )
      }
      footer={
        <>
          <p className="ui-p">
            New here?{' '}
            <Link className="text-link" to={paths.signup} state={location.state}>
              Register
            </Link>
          </p>
          {/* Outside the sign-in form: the dialog has a form of its own, and a form may not hold another. */}
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
      <Button type="submit" variant="contained" size="large" loading={login.isPending} fullWidth>
        Login
      </Button>
      <div className="auth-card-centre">
        <Button onClick={openForgot}>Forgot Password</Button>
      </div>
    </AuthCard>
  );
}
