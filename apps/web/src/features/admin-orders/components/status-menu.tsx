import { useId, useState, type MouseEvent } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import type { UpdateOrderStatusRequest } from '@shop/shared/contract/orders';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { can, statusChangePermission } from '@shop/shared/domain/roles';
import { statusLabel } from '@shop/shared/domain/status-label';
import { AcceptOrderDialog, CancelOrderDialog, type AnsweredOrder } from '../../../components/back-office/order-answer-dialogs';
import { refusalOf } from '../../../lib/order-answer';
import { useReadyQuote } from '../../../lib/shop-settings';
import { showToast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { useUpdateOrderStatus } from '../api/admin-orders-api';
import { statusMenuOptions, type AdminSettableStatus } from '../lib/status-menu';

interface StatusMenuProps {
  order: AnsweredOrder;
  /** 'icon': the row menu's ⋮ button; 'button': a labelled 'Change status' button (the order detail). */
  variant?: 'icon' | 'button';
}

/** The change of an order's status from the back office, with the toast that says it was done (or already was). */
export function useChangeOrder(order: AnsweredOrder) {
  const update = useUpdateOrderStatus();
  const short = displayOrderId(order._id);
  /** Sends the change; resolves once applied (or already so), throws the refusal for the question to show. */
  const send = async (change: UpdateOrderStatusRequest) => {
    const applied = await update.mutateAsync({ id: order._id, change });
    if (change.status === undefined) showToast(`Order ${short} is now expected later`);
    else if (applied) showToast(`Order ${short} is now ${statusLabel(change.status, order.fulfilment)}`);
    else showToast(`Order ${short} is already ${statusLabel(change.status, order.fulfilment)}`, 'info');
  };
  return { send, busy: update.isPending };
}

/** Approve (asks when) and Cancel (asks why) for one order, as the row menu, the order page and the popup ask them. */
export function OrderAnswerDialogs({
  order,
  asking,
  onClose,
  send,
}: {
  order: AnsweredOrder;
  asking: 'accept' | 'cancel' | null;
  onClose: () => void;
  send: (change: UpdateOrderStatusRequest) => Promise<void>;
}) {
  const readyQuote = useReadyQuote(order.fulfilment);
  return (
    <>
      <AcceptOrderDialog
        open={asking === 'accept'}
        order={order}
        defaultMinutes={readyQuote}
        onAccept={async (readyInMinutes) => {
          await send({ status: 'Approved Order', readyInMinutes });
          onClose();
        }}
        onClose={onClose}
      />
      <CancelOrderDialog
        open={asking === 'cancel'}
        order={order}
        onCancel={async (reason) => {
          await send({ status: 'Canceled Order', reason });
          onClose();
        }}
        onClose={onClose}
      />
    </>
  );
}

/**
 * The four status changes of SPEC.md section 4 for one order. Approving asks when the order arrives, canceling asks
 * why. The change counts only when the server reports modifiedCount above 0; a refusal is shown in the
 * server's words, in the question when one was asked (a card that could not be charged), else as a toast.
 */
export function StatusMenu({ order, variant = 'icon' }: StatusMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [asking, setAsking] = useState<'accept' | 'cancel' | null>(null);
  const { send, busy } = useChangeOrder(order);
  const menuId = useId();
  const short = displayOrderId(order._id);
  const { user } = useSession();
  // Only the changes the member's role may make: the kitchen moves orders on but neither answers nor cancels them.
  const options = statusMenuOptions(order.status, order.fulfilment).filter((option) =>
    can(user?.role, statusChangePermission(order.status, option.status)),
  );

  function choose(status: AdminSettableStatus, ask: 'accept' | 'cancel' | null) {
    setAnchor(null);
    if (ask) setAsking(ask);
    else
      send({ status }).catch((error: unknown) => {
        // Leaving Pending Order takes a held card payment: a card that cannot be charged says so, as Accept does.
        const { title, message } = refusalOf(error);
        showToast(title ? `${title}. ${message}` : message, 'error', title ? 8000 : undefined);
      });
  }

  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const expanded = anchor !== null;
  if (options.length === 0) return null;

  return (
    <>
      {variant === 'icon' ? (
        <IconButton
          aria-label={`Change status of order ${short}`}
          aria-haspopup="menu"
          aria-controls={expanded ? menuId : undefined}
          aria-expanded={expanded}
          disabled={busy}
          onClick={open}
          size="small"
        >
          <MoreVertIcon />
        </IconButton>
      ) : (
        <Button
          variant="outlined"
          endIcon={<ArrowDropDownIcon />}
          aria-haspopup="menu"
          aria-controls={expanded ? menuId : undefined}
          aria-expanded={expanded}
          disabled={busy}
          onClick={open}
        >
          Change status
        </Button>
      )}
      <Menu id={menuId} anchorEl={anchor} open={expanded} onClose={() => setAnchor(null)}>
        {options.map((option) => (
          <MenuItem key={option.status} disabled={option.disabled} onClick={() => choose(option.status, option.ask)}>
            <ListItemText primary={option.label} secondary={option.disabled && option.status !== order.status ? option.reason : null} />
          </MenuItem>
        ))}
      </Menu>
      <OrderAnswerDialogs order={order} asking={asking} onClose={() => setAsking(null)} send={send} />
    </>
  );
}
