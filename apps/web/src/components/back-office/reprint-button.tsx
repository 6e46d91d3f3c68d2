import { useRef, useState } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import PrintIcon from '@mui/icons-material/Print';
import { Link as RouterLink } from 'react-router';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { ApiError, hasErrorCode } from '../../lib/api';
import { paths } from '../../lib/paths';
import { newPrintKey, sentToText, useReprint } from '../../lib/printers';
import { showToast } from '../../lib/toast';
import { useCan } from '../../lib/use-session';

/** Whether a failed Reprint may have reached the server: then the next click asks again with the same key. */
function mayHaveReached(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || hasErrorCode(error, 'IDEMPOTENCY_KEY_IN_PROGRESS');
}

interface ReprintButtonProps {
  orderId: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/**
 * Reprint: `POST /api/orders/:id/print` to every printer, for the tickets each prints. Each
 * click is one request with its own Idempotency-Key, and the button is off while it is in flight, so a double click
 * prints once; a click that failed on the way (network, 5xx) leaves its key for the next click, so trying again
 * never prints twice. 'Sent to 2 printers' when sent; with no printer set up, a dialog leading to the Printers screen.
 */
export function ReprintButton({ orderId, size = 'medium', variant = 'outlined' }: ReprintButtonProps) {
  const reprint = useReprint(orderId);
  const retryKey = useRef<string | null>(null);
  // Set at once on a click (React's isPending is not, before the next render): a double click's second is ignored.
  const inFlight = useRef(false);
  const [noPrinters, setNoPrinters] = useState<string | null>(null);
  const short = displayOrderId(orderId);
  const maySetUp = useCan('settings');
  const mayReprint = useCan('reprint');

  const click = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    const key = retryKey.current ?? newPrintKey();
    retryKey.current = key;
    reprint.mutate(
      { key },
      {
        onSettled: () => {
          inFlight.current = false;
        },
        onSuccess: (answer) => {
          retryKey.current = null;
          showToast(sentToText(answer.jobs));
        },
        onError: (error) => {
          if (!mayHaveReached(error)) retryKey.current = null;
          if (hasErrorCode(error, 'NO_PRINTERS')) setNoPrinters(error.message);
          else showToast(error instanceof Error ? error.message : 'The ticket could not be sent: try again', 'error', 6000);
        },
      },
    );
  };

  if (!mayReprint) return null;
  return (
    <>
      <Button
        size={size}
        variant={variant}
        startIcon={<PrintIcon />}
        onClick={click}
        disabled={reprint.isPending}
        aria-label={`Reprint order ${short}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {reprint.isPending ? 'Sending…' : 'Reprint'}
      </Button>
      <Dialog
        open={noPrinters !== null}
        onClose={() => setNoPrinters(null)}
        aria-labelledby="no-printers-title"
        slotProps={{ paper: { sx: { width: 420, maxWidth: 'calc(100% - 32px)' } } }}
      >
        <DialogTitle id="no-printers-title">No printer to send it to</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {noPrinters} Add the kitchen’s receipt printer on the Printers screen, or print this ticket from the browser on the order’s
            page.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setNoPrinters(null)}>Close</Button>
          {maySetUp && (
            <Button component={RouterLink} to={paths.printers} variant="contained" onClick={() => setNoPrinters(null)}>
              Set up a printer
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
