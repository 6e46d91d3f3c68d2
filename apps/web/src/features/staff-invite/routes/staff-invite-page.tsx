import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { newPasswordSchema } from '@shop/shared/contract/auth';
import { INVITE_NOT_FOUND } from '@shop/shared/contract/staff';
import { LOADING } from '@shop/shared/domain/messages';
import { PASSWORD_MIN_LENGTH } from '@shop/shared/domain/account-rules';
import { ROLE_LABELS } from '@shop/shared/domain/roles';
import { Page } from '../../../components/page';
import { Alert, Button, TextField } from '../../../components/ui';
import { hasErrorCode } from '../../../lib/api';
import { backOfficeHome } from '../../../lib/back-office-access';
import { paths } from '../../../lib/paths';
import { useShopName } from '../../../lib/shop-trader';
import { useAcceptStaffInvite, useStaffInvite } from '../api/staff-invite-api';

/**
 * `/staff-invite/{token}`, the link of the invitation mail: 'Join <shop> as Kitchen', a password (the rules of
 * registration) and Join. The new member is signed in and taken to their role's first screen. A link that is unknown,
 * used or expired says so, in the server's words.
 */
export function StaffInvitePage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const invite = useStaffInvite(token);
  const accept = useAcceptStaffInvite(token);
  const shopName = useShopName();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (accept.isPending) return;
    const read = newPasswordSchema.safeParse(password);
    if (!read.success) return setProblem(read.error.issues[0]?.message ?? null);
    setProblem(null);
    accept.mutate(read.data, { onSuccess: (answer) => void navigate(backOfficeHome(answer.user.role), { replace: true }) });
  };

  const gone = hasErrorCode(invite.error, 'INVITE_NOT_FOUND') || hasErrorCode(accept.error, 'INVITE_NOT_FOUND');
  if (gone || invite.isError) {
    return (
      <div className="ui-narrow">
        <Page title="Invitation">
          <Alert severity="error">{gone ? INVITE_NOT_FOUND : invite.error?.message}</Alert>
          <p className="ui-p">
            Already joined?{' '}
            <Link className="text-link" to={paths.signin}>
              Sign in
            </Link>
          </p>
        </Page>
      </div>
    );
  }
  if (!invite.data) {
    return (
      <div className="ui-narrow">
        <Page title="Invitation">
          <p className="ui-p">{LOADING}</p>
        </Page>
      </div>
    );
  }

  const { name, email, role } = invite.data;
  return (
    <div className="ui-narrow">
      <Page title={`Join ${shopName} as ${ROLE_LABELS[role]}`}>
        <p className="ui-p ui-muted auth-card-intro">
          Welcome, {name}. Choose a password for {email}; you sign in to the back office with them from now on.
        </p>
        <div className="ui-surface is-roomy">
          <form className="ui-stack" onSubmit={submit} noValidate>
            {accept.isError && <Alert severity="error">{accept.error.message}</Alert>}
            {/* For the browser's password manager: the login this password belongs to. */}
            <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
            <TextField
              label="Password"
              type="password"
              name="password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setProblem(null);
              }}
              error={problem !== null}
              helperText={problem ?? `At least ${PASSWORD_MIN_LENGTH} characters`}
              minLength={PASSWORD_MIN_LENGTH}
              fullWidth
            />
            <Button type="submit" variant="contained" size="large" loading={accept.isPending} fullWidth>
              Join the team
            </Button>
          </form>
        </div>
      </Page>
    </div>
  );
}
