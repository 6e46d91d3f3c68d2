import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useNavigate } from 'react-router';
import { useLogout } from '../api/use-logout';
import { paths } from '../../../lib/paths';

interface LogoutDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Asks 'Do you want to Logout ?' (SPEC.md section 2), signs out and returns to the home page. */
export function LogoutDialog({ open, onClose }: LogoutDialogProps) {
  const navigate = useNavigate();
  const logout = useLogout();

  const confirm = () => {
    logout.mutate(undefined, {
      onSuccess: () => {
        onClose();
        void navigate(paths.home);
      },
    });
  };

  const close = () => {
    logout.reset();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="logout-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="logout-dialog-title">Do you want to Logout ?</DialogTitle>
      {logout.isError && (
        <DialogContent>
          <Alert severity="error">{logout.error.message}</Alert>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" onClick={confirm} disabled={logout.isPending}>
          Log Out
        </Button>
      </DialogActions>
    </Dialog>
  );
}
