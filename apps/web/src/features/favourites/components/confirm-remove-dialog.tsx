import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface ConfirmRemoveDialogProps {
  title: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** SPEC.md section 5: removing a favourite asks for confirmation first. */
export function ConfirmRemoveDialog({ title, busy, onCancel, onConfirm }: ConfirmRemoveDialogProps) {
  return (
    <Dialog open onClose={onCancel} aria-labelledby="remove-favourite-title" maxWidth="xs" fullWidth>
      <DialogTitle id="remove-favourite-title">Do you want to remove this favourite?</DialogTitle>
      <DialogContent>
        <DialogContentText>{title} will be removed from My Favourites.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" color="secondary" onClick={onConfirm} disabled={busy}>
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}
