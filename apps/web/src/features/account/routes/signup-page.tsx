import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@shop/shared/domain/account-rules';
import { Alert, Button, TextField } from '../../../components/ui';
import { useRegister } from '../api/use-account';
import { AuthCard } from '../components/auth-card';
import { returnPath } from '../lib/forgot-password-checks';
import { paths } from '../../../lib/paths';

const EMPTY = { username: '', email: '', password: '' };

/**
 * `/signup` (SPEC.md section 2). The form resets once the account is made, and the new account is signed in at once.
 * A refused submit (a taken e-mail, a network failure) keeps what was typed beside the error (decision 0104).
 */
export function SignUpPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const register = useRegister();
  const [form, setForm] = useState(EMPTY);
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate(
      { username: form.username.trim(), email: form.email.trim(), password: form.password },
      {
        onSuccess: () => {
          setForm(EMPTY);
          void navigate(returnPath(location.state), { replace: true });
        },
      },
    );
  };

  return (
    <AuthCard
      title="Sign Up"
      onSubmit={submit}
      intro={<p className="ui-p ui-muted">Create an account to order your favourite pizza, wings and more.</p>}
      footer={
        <p className="ui-p">
          Already have an account?{' '}
          <Link className="text-link" to={paths.signin} state={location.state}>
            Login
          </Link>
        </p>
      }
    >
      {register.isError && (
        <Alert severity="error" role="alert">
          {register.error.message}
        </Alert>
      )}
      <TextField label="Full Name" name="name" autoComplete="name" required value={form.username} onChange={set('username')} fullWidth />
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={form.email}
        onChange={set('email')}
        fullWidth
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        value={form.password}
        onChange={set('password')}
        helperText={`At least ${PASSWORD_MIN_LENGTH} characters`}
        minLength={PASSWORD_MIN_LENGTH}
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" loading={register.isPending} fullWidth>
        Register
      </Button>
    </AuthCard>
  );
}
