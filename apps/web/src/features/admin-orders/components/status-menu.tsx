import { useId, useState, type MouseEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import type { OrderWire } from '@shop/shared/contract/orders';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { showToast } from '../../../lib/toast';
import { formatWirePounds } from '../../../lib/money';
import { useUpdateOrderStatus } from '../api/admin-orders-api';
import { statusMenuOptions, type AdminSettableStatus } from '../lib/status-menu';

interface StatusMenuProps {
  order: Pick<OrderWire, '_id' | 'status' | 'totalPrice' | 'email'>;
  /** 'icon': the row menu's ⋮ button; 'button': a labelled 'Change status' button (the order detail). */
  variant?: 'icon' | 'button';
}

/**
 * The four status changes of SPEC.md section 4 for one order. Canceling asks first. The change counts only when the
 * server reports modifiedCount above 0; a refusal (409) is shown in the server's words.
 */
export function StatusMenu({ order, variant = 'icon' }: StatusMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateOrderStatus();
  const menuId = useId();
  const short = displayOrderId(order._id);

  function change(status: AdminSettableStatus) {
    update.mutate(
      { id: order._id, status },
      {
        onSuccess: (applied) => {
          if (applied) showToast(`Order ${short} is now ${status}`);
          else showToast(`Order ${short} is already ${status}`, 'info');
        },
        onError: (error) => showToast(error.message, 'error'),
        onSettled: () => setConfirming(false),
      },
    );
  }

  function choose(status: AdminSettableStatus, confirm: boolean) {
    setAnchor(null);
    if (confirm) setConfirming(true);
    else change(status);
  }

  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const expanded = anchor !== null;

  return (
    <>
      {variant === 'icon' ? (
        <IconButton
          aria-label={`Change status of order ${short}`}
          aria-haspopup="menu"
          aria-controls={expanded ? menuId : undefined}
          aria-expanded={expanded}
          disabled={update.isPending}
          onClick={open}
          size="small"
        >
          <MoreVertIcon />
        </IconButton>
      ) : (
        <Button
          variant="contained"
          endIcon={<ArrowDropDownIcon />}
          aria-haspopup="menu"
          aria-controls={expanded ? menuId : undefined}
          aria-expanded={expanded}
          disabled={update.isPending}
          onClick={open}
        >
          Change status
        </Button>
      )}
      <Menu id={menuId} anchorEl={anchor} open={expanded} onClose={() => setAnchor(null)}>
        {statusMenuOptions(order.status).map((option) => (
          <MenuItem key={option.status} disabled={option.disabled} onClick={() => choose(option.status, option.confirm)}>
            <ListItemText primary={option.label} secondary={option.disabled && option.status !== order.status ? option.reason : null} />
          </MenuItem>
        ))}
      </Menu>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby={`${menuId}-confirm`}
        slotProps={{ paper: { sx: { width: 400, maxWidth: 'calc(100% - 32px)' } } }}
      >
        <DialogTitle id={`${menuId}-confirm`}>Cancel order {short}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {order.email}, {formatWirePounds(order.totalPrice)}. The customer is told, and a canceled order cannot be reopened.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Keep order</Button>
          <Button color="error" variant="contained" disabled={update.isPending} onClick={() => change('Canceled Order')}>
            Cancel order
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
