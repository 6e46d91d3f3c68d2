import { Button, Dialog } from '../../../components/ui';

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
    <Dialog
      open={open}
      // While the order is being placed the question stays: its answer decides where the customer goes next.
      onClose={() => {
        if (!busy) onCancel();
      }}
      title="Confirm your order"
      actions={
        <>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={onConfirm} variant="contained" loading={busy}>
            Confirm order
          </Button>
        </>
      }
    >
      <p className="ui-p ui-muted">
        {collection
          ? `You will pay ${amountLabel} when you collect your order. Place the order now?`
          : `You will pay ${amountLabel} in cash when your order is delivered. Place the order now?`}
      </p>
    </Dialog>
  );
}
