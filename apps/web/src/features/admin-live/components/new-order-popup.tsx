import { formatPhone } from '@shop/shared/domain/phone';
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { Link as RouterLink, matchPath, useLocation } from 'react-router';
import type { OrderWire } from '@shop/shared/contract/orders';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { paymentTypeLabel } from '@shop/shared/domain/payment-types';
import { statusLabel } from '@shop/shared/domain/status-label';
import { AcceptOrderDialog, CancelOrderDialog } from '../../../components/back-office/order-answer-dialogs';
import { OrderFlags } from '../../../components/back-office/order-flags';
import { ChannelBadge } from '../../../components/back-office/channel-badge';
import { ScheduledFor } from '../../../components/scheduled-for';
import { OrderSoldOut } from '../../../components/back-office/sold-out-today';
import { WaitingTime } from '../../../components/back-office/waiting-time';
import { formatWirePounds } from '../../../lib/money';
import { itemChoices } from '../../../lib/order-items';
import { adminOrderPath, paths } from '../../../lib/paths';
import { useOrderTimerSettings, useReadyQuote, useShopSettings } from '../../../lib/shop-settings';
import { useNow } from '../../../lib/use-now';
import { useCan } from '../../../lib/use-session';
import { useAnswerOrder, useLiveOrders } from '../api/live-orders';
import { currentOrder, PENDING_ORDER, productLine, ringMode, sentence } from '../lib/order-queue';
import { useRepeatingSound } from './use-repeating-sound';

export const NEW_ORDER_SOUND_URL = '/sounds/new-order.wav';

interface OrderPanelProps {
  order: OrderWire;
  position: string | null;
  now: Date;
  lateAfterMinutes: number;
  soundBlocked: boolean;
  onEnableSound: () => void;
  /** The panel asks a question (Accept, Cancel): the popup keeps this order on screen until it is answered. */
  onAsking: (asking: boolean) => void;
  /** Later: the popup steps aside (the chime rings on, and a small button brings it back). */
  onLater: () => void;
}

/**
 * How the order leaves and who for: DELIVERY with the address, or COLLECTION; the customer's name and phone (a
 * call is the quickest question about an order).
 */
function CustomerAndWay({ order }: { order: OrderWire }) {
  const { address } = order;
  const name = [address.firstname, address.lastname].filter(Boolean).join(' ');
  const where = [address.address, address.address2, [address.city, address.postcode].filter(Boolean).join(' ')]
    .map((line) => (line ?? '').trim())
    .filter((line) => line !== '')
    .join(', ');
  return (
    <Box aria-label="Customer" role="group" sx={{ mb: 1 }}>
      {order.fulfilment === 'delivery' && (
        <Typography sx={{ fontWeight: 800, letterSpacing: '0.04em' }} data-testid="popup-delivery">
          DELIVERY
          {where && (
            <Box component="span" sx={{ fontWeight: 400, letterSpacing: 0, display: 'block', overflowWrap: 'anywhere' }}>
              {where}
            </Box>
          )}
        </Typography>
      )}
      {(name || address.phone) && (
        <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="popup-customer">
          {name}
          {name && address.phone ? ' · ' : ''}
          {address.phone && <a href={`tel:${address.phone.replace(/\s+/g, '')}`}>{formatPhone(address.phone)}</a>}
        </Typography>
      )}
    </Box>
  );
}

/** The popup's content for one order; keyed by the order, so its state starts afresh for the next one. */
function OrderPanel({ order, position, now, lateAfterMinutes, soundBlocked, onEnableSound, onAsking, onLater }: OrderPanelProps) {
  const answer = useAnswerOrder();
  const readyQuote = useReadyQuote(order.fulfilment);
  const [asking, setAsking] = useState<'accept' | 'cancel' | null>(null);
  /** Why the last change was not applied; shown in the popup too, as the toast is behind the modal for a screen reader. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const stillPending = order.status === PENDING_ORDER;
  // The kitchen sees and hears a new order; answering it is the counter's and the managers'.
  const mayAnswer = useCan('acceptReject');

  const ask = (question: 'accept' | 'cancel' | null) => {
    setAsking(question);
    onAsking(question !== null);
  };

  /** Sends the change; a refusal is thrown for the question to show, and kept for the popup. */
  const send = async (change: Parameters<typeof answer>[1]) => {
    setRefusal(null);
    const result = await answer(order, change);
    if (result.applied) {
      ask(null);
      return;
    }
    setRefusal(result.reason);
    throw result.error ?? new Error(result.reason);
  };

  return (
    <>
      {/* Its own id: the dialog is named by the words alone, not by the 'k of N' beside them. */}
      <DialogTitle id="new-order-heading" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 2, flexWrap: 'wrap' }}>
        <Box component="span" id="new-order-title" sx={{ flexGrow: 1 }}>
          New order has been placed
        </Box>
        <ChannelBadge channel={order.channel} />
        {position && <Chip label={position} size="small" color="primary" data-testid="new-order-position" />}
      </DialogTitle>
      <DialogContent dividers>
        <ScheduledFor order={order} style={{ fontSize: '1.25rem', marginBottom: 8 }} />
        {/* COLLECTION and the allergy note, loud: the kitchen must not miss either. */}
        <OrderFlags order={order} sx={{ mb: 1 }} />
        <Box sx={{ mb: 1 }}>
          <WaitingTime placedAt={order.placedAt} scheduledFor={order.scheduledFor} now={now} lateAfterMinutes={lateAfterMinutes} />
        </Box>
        <Typography id="new-order-summary" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Order {displayOrderId(order._id)} · {order.time} ·{' '}
          {order.paymentType === 'Cash' && order.paymentStatus === 'paid'
            ? 'Paid in cash'
            : paymentTypeLabel(order.paymentType, order.fulfilment)}{' '}
          · {formatWirePounds(order.totalPrice)}
        </Typography>
        <CustomerAndWay order={order} />
        <List dense disablePadding aria-label="Products">
          {order.items.map((item, index) => (
            <ListItem key={`${item.id}-${index}`} disableGutters sx={{ py: 0.25, display: 'block' }}>
              <Typography fontWeight={600}>{productLine(item)}</Typography>
              {/* Each choice as the order page shows it: size, crust, toppings, a deal's picks, allergens. */}
              {itemChoices(item).map((choice) => (
                <Typography key={choice} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {choice}
                </Typography>
              ))}
            </ListItem>
          ))}
        </List>
        {/* Sold out in one tap, without leaving the popup or answering the order. */}
        <OrderSoldOut items={order.items} />
        {(refusal || !stillPending) && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {refusal && (
              <Box component="span" sx={{ display: 'block' }}>
                {sentence(refusal)}
              </Box>
            )}
            {!stillPending && (
              <Box component="span" sx={{ display: 'block' }}>
                This order is now {statusLabel(order.status, order.fulfilment)}.
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
        {/* The order page asks the same questions; the popup stays off it, and the chime rings on until it is answered. */}
        <Button component={RouterLink} to={adminOrderPath(order._id)}>
          Details
        </Button>
        <Button onClick={onLater} disabled={asking !== null} sx={{ mr: 'auto' }}>
          Later
        </Button>
        {mayAnswer && (
          <Button color="error" variant="outlined" disabled={asking !== null} onClick={() => ask('cancel')}>
            Reject
          </Button>
        )}
        {mayAnswer && (
          <Button variant="contained" disabled={asking !== null} onClick={() => ask('accept')}>
            Approve
          </Button>
        )}
      </DialogActions>
      <AcceptOrderDialog
        open={asking === 'accept'}
        order={order}
        defaultMinutes={readyQuote}
        onAccept={(readyInMinutes) => send({ status: 'Approved Order', readyInMinutes })}
        onClose={() => ask(null)}
      />
      <CancelOrderDialog
        open={asking === 'cancel'}
        order={order}
        onCancel={(reason) => send({ status: 'Canceled Order', reason })}
        onClose={() => ask(null)}
      />
    </>
  );
}

/** The order whose page is open in the back office, if any: the popup does not cover it. */
function useOpenOrderId(): string | null {
  const { pathname } = useLocation();
  return matchPath(paths.adminOrder, pathname)?.params.ordersId ?? null;
}

/**
 * The new-order popup and its chime (SPEC.md section 4), mounted once for the whole app while an admin is
 * signed in, so it rings on every page the admin has open, storefront included. Every waiting order is shown in
 * turn, the one due first first (order-queue.ts), with how long it has waited ('Waiting 6 min', 'Late' past the shop's
 * setting), 'k of N' when more wait, each line with its choices, DELIVERY and the address or COLLECTION, the customer's name and phone,
 * and Details, Reject (asks why) and Approve (asks when; an order placed ahead keeps its slot). The chime rings while
 * any order waits, louder and faster once one is late, until each is accepted or rejected, here or by another
 * admin. It closes only through its buttons: a new order is not dismissed by a stray Escape or a click beside it.
 * Later (and the order's own page, from Details) puts it aside without silencing it: a small 'N orders wait' box
 * stays in the corner with Show, and a new order brings the popup back by itself.
 */
export function NewOrderPopup() {
  const { queue, autoAccepted } = useLiveOrders();
  const { lateAfterMinutes } = useOrderTimerSettings();
  const now = useNow();
  const openOrderId = useOpenOrderId();
  const [pinned, setPinned] = useState<string | null>(null);
  /** The orders the admin put off with Later: the popup shows them again from the waiting button, or a new order. */
  const [later, setLater] = useState<ReadonlySet<string>>(() => new Set());
  const skip = new Set(later);
  if (openOrderId !== null) skip.add(openOrderId);
  const pinnedOrder = pinned === null ? undefined : queue.waiting.find((order) => order._id === pinned);
  const view = currentOrder(queue, skip);
  const order = pinnedOrder ?? view.order;
  const position = pinnedOrder ? null : view.position;
  const usualMinutes = useShopSettings().data?.usualMinutes;
  const mode = ringMode(queue.waiting, now, lateAfterMinutes, usualMinutes);
  const { ref: soundRef, blocked: soundBlocked, enable: enableSound, ringOnce } = useRepeatingSound(mode);
  // The last order shown stays drawn while the popup fades out.
  const [lastShown, setLastShown] = useState<OrderWire | null>(order);
  if (order !== null && order !== lastShown) setLastShown(order);
  const shown = order ?? lastShown;
  /** Waiting, out of the popup: put off with Later (the order whose page is open shows its own Accept and Reject). */
  const putOff = queue.waiting.filter((waiting) => waiting._id !== openOrderId);
  const corner = order === null && (putOff.length > 0 || (soundBlocked && mode !== 'off'));

  const heard = useRef(autoAccepted);
  useEffect(() => {
    if (autoAccepted === heard.current) return;
    heard.current = autoAccepted;
    ringOnce();
  }, [autoAccepted, ringOnce]);

  return (
    <>
      <audio ref={soundRef} src={NEW_ORDER_SOUND_URL} preload="auto" data-testid="new-order-sound" data-play-count="0" data-ring={mode} />
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
            now={now}
            lateAfterMinutes={lateAfterMinutes}
            soundBlocked={soundBlocked}
            onEnableSound={enableSound}
            onAsking={(asking) => setPinned(asking ? shown._id : null)}
            onLater={() => setLater(new Set(queue.waiting.map((waiting) => waiting._id)))}
          />
        )}
      </Dialog>
      {/* Room below the page for the corner box, so it never hides the end of the page. */}
      {corner && <Box aria-hidden sx={{ height: 96 }} />}
      {corner && (
        <Paper
          role="region"
          aria-label="Orders waiting"
          elevation={8}
          sx={{
            position: 'fixed',
            bottom: 16,
            right: 16,
            zIndex: (theme) => theme.zIndex.snackbar,
            maxWidth: 'calc(100% - 32px)',
            p: 1.5,
            display: 'flex',
            gap: 1,
            alignItems: 'center',
            flexWrap: 'wrap',
            border: 2,
            borderColor: mode === 'late' ? 'error.main' : 'warning.main',
          }}
        >
          {mode === 'late' && <Chip size="small" color="error" label="Late" sx={{ fontWeight: 700 }} />}
          <Typography sx={{ fontWeight: 700 }}>
            {queue.waiting.length === 1 ? '1 order waits' : `${queue.waiting.length} orders wait`} for an answer
          </Typography>
          {putOff.length > 0 && (
            <Button variant="contained" size="small" onClick={() => setLater(new Set())}>
              Show
            </Button>
          )}
          {soundBlocked && (
            <Button color="inherit" size="small" variant="outlined" startIcon={<VolumeUpIcon />} onClick={enableSound}>
              Enable sound
            </Button>
          )}
        </Paper>
      )}
    </>
  );
}
