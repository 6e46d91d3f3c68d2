import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface CashConfirmDialogProps {
  open: boolean;
  amountLabel: string;
  /** A collection order is paid when collected. */
  collection?: boolean;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}

/** The cash confirm step (SPEC.md section 4): the order is placed only after this. */
export function CashConfirmDialog({ open, amountLabel, collection = false, busy, onCancel, onConfirm }: CashConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby="cash-confirm-title" maxWidth="xs" fullWidth>
      <DialogTitle id="cash-confirm-title">Confirm your order</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {collection
            ? `You will pay ${amountLabel} when you collect your order. Place the order now?`
            : `You will pay ${amountLabel} in cash when your order is delivered. Place the order now?`}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          onClick={onConfirm}
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-label="Placing the order" /> : undefined}
        >
          Confirm order
        </Button>
      </DialogActions>
    </Dialog>
  );
}
