import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
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

  /** Once deleted: signed out here too, to the menu. */
  const leave = async () => {
    // On the menu first (its chunk loaded): signed out on the profile, its guard would send the customer to sign in.
    await navigate(paths.home, { replace: true });
    remove.forget();
  };

  const close = () => {
    if (remove.isPending) return;
    if (deleted) {
      void leave();
      return;
    }
    setOpen(false);
    setPassword('');
    remove.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (deleted) {
      void leave();
      return;
    }
    remove.mutate({ password }, { onSettled: () => setPassword('') });
  };

  return (
    <Box component="section" aria-labelledby="my-data-title" sx={{ mt: 4, pt: 3, borderTop: 1, borderColor: 'divider', textAlign: 'left' }}>
      <Typography id="my-data-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Your data
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Download a copy of everything we hold about you: your account, addresses, favourites, orders and notifications.
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" href={MY_DATA_URL} download>
          Download my data
        </Button>
        <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </Box>
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby="delete-account-title"
        slotProps={{ paper: { component: 'form', onSubmit: submit, sx: { width: 440, maxWidth: 'calc(100% - 32px)' } } }}
      >
        <DialogTitle id="delete-account-title">{deleted ? 'Your account is deleted' : 'Delete your account?'}</DialogTitle>
        <DialogContent>
          {deleted ? (
            <Alert severity="success" role="status">
              {remove.data.message}
            </Alert>
          ) : (
            <>
              <DialogContentText sx={{ mb: 2 }}>
                Your addresses, favourites, notifications and sign-in are deleted, and you are signed out everywhere. Your past orders stay
                in the shop’s books without your name, e-mail, phone or address. This cannot be undone.
              </DialogContentText>
              {remove.isError && (
                <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                  {remove.error.message}
                </Alert>
              )}
              <CurrentPasswordField value={password} onChange={setPassword} autoFocus />
            </>
          )}
        </DialogContent>
        <DialogActions>
          {deleted ? (
            <Button type="submit" variant="contained">
              Back to the menu
            </Button>
          ) : (
            <>
              <Button onClick={close} disabled={remove.isPending}>
                Cancel
              </Button>
              <Button
                type="submit"
                color="error"
                variant="contained"
                loading={remove.isPending}
                disabled={remove.isPending || password === ''}
              >
                Delete my account
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
    </Box>
  );
}
