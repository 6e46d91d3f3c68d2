import { Button } from './button';
import { Dialog } from './dialog';

interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. 'Do you want to delete this address?'. */
  question: string;
  /** What is about to be deleted, shown under the question. */
  detail?: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Deleting or removing anything asks first (SPEC.md section 5): the storefront's addresses and favourites. */
export function ConfirmDialog({ open, question, detail, confirmLabel = 'Delete', busy = false, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={question}
      className="is-confirm"
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button danger variant="contained" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {detail && <p className="ui-p ui-muted">{detail}</p>}
    </Dialog>
  );
}
