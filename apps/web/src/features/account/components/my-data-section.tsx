import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, buttonClass, Dialog } from '../../../components/ui';
import { paths } from '../../../lib/paths';
import { useDeleteAccount } from '../api/use-account';
import { CurrentPasswordField } from './current-password-field';

/** The file the server answers (`Content-Disposition: attachment`), so a plain link downloads it with the session cookie. */
export const MY_DATA_URL = '/api/profile/data';

/**
 * 'Your data' on the profile (UK GDPR, decision 1002): download everything the shop holds about the account as one
 * JSON file, or delete the account, the password asked again. The orders stay in the shop's books without the
 * customer's name or address; an order not yet delivered has to be delivered or canceled first (the server says so).
 */
export function MyDataSection() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const deleted = remove.isSuccess;
  const formId = useId();

  // Once deleted: to the menu, and signed out here too once the profile has gone from the page. Signed out while the
  // profile is still drawn (the router renders the menu in a transition, which may not have committed when its
  // navigation resolves), the profile's guard would send the customer to sign in instead.
  const { forget } = remove;
  const leaving = useRef(false);
  useEffect(
    () => () => {
      if (leaving.current) forget();
    },
    [forget],
  );
  const leave = () => {
    leaving.current = true;
    void navigate(paths.home, { replace: true });
  };

  const close = () => {
    if (remove.isPending) return;
    if (deleted) {
      leave();
      return;
    }
    setOpen(false);
    setPassword('');
    remove.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (deleted) {
      leave();
      return;
    }
    remove.mutate({ password }, { onSettled: () => setPassword('') });
  };

  return (
    <section aria-labelledby="my-data-title" className="my-data">
      <h2 id="my-data-title" className="my-data-title">
        Your data
      </h2>
      <p className="ui-p ui-muted my-data-text">
        Download a copy of everything we hold about you: your account, addresses, favourites, orders and notifications.
      </p>
      <div className="my-data-actions">
        <a className={buttonClass({ variant: 'outlined' })} href={MY_DATA_URL} download>
          Download my data
        </a>
        <Button variant="outlined" danger onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </div>
      <Dialog
        open={open}
        onClose={close}
        title={deleted ? 'Your account is deleted' : 'Delete your account?'}
        className="is-delete-account"
        actions={
          deleted ? (
            <Button type="submit" form={formId} variant="contained">
              Back to the menu
            </Button>
          ) : (
            <>
              <Button onClick={close} disabled={remove.isPending}>
                Cancel
              </Button>
              <Button type="submit" form={formId} danger variant="contained" loading={remove.isPending} disabled={password === ''}>
                Delete my account
              </Button>
            </>
          )
        }
      >
        {/* The actions' submit buttons belong to this form through their `form` attribute. */}
        <form id={formId} onSubmit={submit}>
          {deleted ? (
            <Alert severity="success" role="status">
              {remove.data.message}
            </Alert>
          ) : (
            <>
              <p className="ui-p ui-muted account-dialog-intro">
                Your addresses, favourites, notifications and sign-in are deleted, and you are signed out everywhere. Your past orders stay
                in the shop’s books without your name, e-mail, phone or address. This cannot be undone.
              </p>
              {remove.isError && (
                <Alert severity="error" role="alert" className="account-dialog-alert">
                  {remove.error.message}
                </Alert>
              )}
              <CurrentPasswordField value={password} onChange={setPassword} autoFocus />
            </>
          )}
        </form>
      </Dialog>
    </section>
  );
}
