import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { Link as RouterLink } from 'react-router';
import type { OrderWire } from '@shop/shared/contract/orders';
import { displayOrderId } from '@shop/shared/domain/order-id';
import type { OrderStatus } from '@shop/shared/domain/order-status';
import { paymentTypeLabel } from '@shop/shared/domain/payment-types';
import { formatWirePounds } from '../../../lib/money';
import { dismissNewOrder, useNewOrderQueue, useSetOrderStatus } from '../api/live-orders';
import { currentOrder, PENDING_ORDER, productLine, sentence } from '../lib/order-queue';
import { useRepeatingSound } from './use-repeating-sound';
import { adminOrderPath } from '../../../lib/paths';

export const NEW_ORDER_SOUND_URL = '/sounds/new-order.wav';

function CancelOrderDialog({
  open,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="cancel-order-title"
      slotProps={{ paper: { sx: { width: 400, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id="cancel-order-title">Do you want to cancel this order?</DialogTitle>
      <DialogContent>
        <DialogContentText>The customer is told that the order was canceled.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>No, keep it</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          Yes, cancel it
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface OrderPanelProps {
  order: OrderWire;
  position: string | null;
  soundBlocked: boolean;
  onEnableSound: () => void;
}

/** The popup's content for one order; keyed by the order, so its state starts afresh for the next one. */
function OrderPanel({ order, position, soundBlocked, onEnableSound }: OrderPanelProps) {
  const setStatus = useSetOrderStatus();
  const [busy, setBusy] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  /** Why the last change was not applied; shown in the popup too, as the toast is behind the modal for a screen reader. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const stillPending = order.status === PENDING_ORDER;

  const change = async (status: OrderStatus) => {
    setBusy(true);
    setRefusal(null);
    try {
      const result = await setStatus(order, status);
      if (!result.applied) setRefusal(result.reason);
    } finally {
      setBusy(false);
      setConfirmingCancel(false);
    }
  };

  return (
    <>
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 2 }}>
        <Box component="span" id="new-order-title" sx={{ flexGrow: 1 }}>
          New order has been placed
        </Box>
        {position && <Chip label={position} size="small" color="primary" data-testid="new-order-position" />}
      </DialogTitle>
      <DialogContent dividers>
        <Typography id="new-order-summary" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Order {displayOrderId(order._id)} · {order.time} · {paymentTypeLabel(order.paymentType)} · {formatWirePounds(order.totalPrice)}
        </Typography>
        <List dense disablePadding aria-label="Products">
          {order.items.map((item, index) => (
            <ListItem key={`${item.id}-${index}`} disableGutters sx={{ py: 0.25 }}>
              <Typography fontWeight={600}>{productLine(item)}</Typography>
            </ListItem>
          ))}
        </List>
        {(refusal || !stillPending) && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {refusal && (
              <Box component="span" sx={{ display: 'block' }}>
                {sentence(refusal)}
              </Box>
            )}
            {!stillPending && (
              <Box component="span" sx={{ display: 'block' }}>
                This order is now {order.status}.
              </Box>
            )}
          </Alert>
        )}
        {soundBlocked && (
          <Alert
            severity="info"
            icon={<VolumeUpIcon fontSize="inherit" />}
            sx={{ mt: 2, alignItems: 'center' }}
            action={
              <Button color="inherit" size="small" variant="outlined" onClick={onEnableSound} sx={{ whiteSpace: 'nowrap' }}>
                Enable sound
              </Button>
            }
          >
            The browser blocked the alert sound.
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={adminOrderPath(order._id)} onClick={() => dismissNewOrder(order._id)} sx={{ mr: 'auto' }}>
          Details
        </Button>
        <Button color="error" variant="outlined" disabled={busy} onClick={() => setConfirmingCancel(true)}>
          Cancel
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => void change('Approved Order')}>
          Approve
        </Button>
      </DialogActions>
      <CancelOrderDialog
        open={confirmingCancel}
        busy={busy}
        onConfirm={() => void change('Canceled Order')}
        onClose={() => setConfirmingCancel(false)}
      />
    </>
  );
}

/**
 * The back office's new-order popup (SPEC.md section 4), mounted by the admin layout so it shows on every admin
 * screen: the first waiting order with its products as name(quantity), 'k of N' when more wait, and Details, Cancel
 * and Approve. The alert sound plays while it is open. It closes only through its buttons: a new order is not
 * dismissed by a stray Escape or a click beside it.
 */
export function NewOrderPopup() {
  const queue = useNewOrderQueue();
  const { order, position } = currentOrder(queue);
  const { ref: soundRef, blocked: soundBlocked, enable: enableSound } = useRepeatingSound(order?._id ?? null);
  // The last order shown stays drawn while the popup fades out.
  const [lastShown, setLastShown] = useState<OrderWire | null>(order);
  if (order !== null && order !== lastShown) setLastShown(order);
  const shown = order ?? lastShown;

  return (
    <>
      <audio ref={soundRef} src={NEW_ORDER_SOUND_URL} preload="auto" data-testid="new-order-sound" data-play-count="0" />
      <Dialog
        open={order !== null}
        aria-labelledby="new-order-title"
        aria-describedby="new-order-summary"
        slotProps={{ paper: { sx: { width: 440, maxWidth: 'calc(100% - 32px)' } } }}
      >
        {shown && (
          <OrderPanel
            key={shown._id}
            order={shown}
            position={order ? position : null}
            soundBlocked={soundBlocked}
            onEnableSound={enableSound}
          />
        )}
      </Dialog>
    </>
  );
}
