import { useNavigate } from 'react-router';
import { Alert, Button, Dialog } from '../../../components/ui';
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
    <Dialog
      open={open}
      onClose={close}
      title="Do you want to Logout ?"
      className="logout-dialog"
      actions={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button variant="contained" onClick={confirm} disabled={logout.isPending}>
            Log Out
          </Button>
        </>
      }
    >
      {logout.isError && <Alert severity="error">{logout.error.message}</Alert>}
    </Dialog>
  );
}
