import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { OrderWire } from '@shop/shared/contract/orders';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { scheduledLine } from '@shop/shared/domain/kitchen';
import { CANCEL_REASONS, expectedTimeText, MAX_CANCEL_REASON_LENGTH, READY_IN_CHOICES } from '@shop/shared/domain/order-promise';
import { formatWirePounds } from '../../lib/money';
import { acceptMoneyLine, cancelMoneyLine, readyAtText, refusalOf } from '../../lib/order-answer';
import { useNow } from '../../lib/use-now';

/**
 * The back office's two questions when an order is answered, asked alike by the new-order popup, the
 * order list's row menu and the order page: Accept asks when the order arrives, Reject (Cancel) asks why. Each
 * sends through the `onAccept` / `onCancel` it is given, stays open while the answer is awaited, and shows a
 * refusal where the admin pressed the button (a card that could not be charged says so plainly); it closes once
 * the change is applied.
 */
export type AnsweredOrder = Pick<OrderWire, '_id' | 'status' | 'email' | 'paymentType' | 'paymentStatus' | 'totalPrice' | 'refundedTotal'> &
  Partial<Pick<OrderWire, 'fulfilment' | 'scheduledFor'>>;

/** The slot an order placed ahead is still to be made for at `now`; null for as soon as possible or a slot passed. */
export function slotAhead(order: Pick<AnsweredOrder, 'scheduledFor'>, now: Date): Date | null {
  if (!order.scheduledFor) return null;
  const slot = new Date(order.scheduledFor);
  return Number.isNaN(slot.getTime()) || slot.getTime() <= now.getTime() ? null : slot;
}

const PAPER = { paper: { sx: { width: 440, maxWidth: 'calc(100% - 32px)' } } } as const;

function Refusal({ error }: { error: unknown }) {
  const { title, message } = refusalOf(error);
  return (
    <Alert severity="error" sx={{ mt: 2 }} role="alert">
      {title && <AlertTitle>{title}</AlertTitle>}
      {message}
    </Alert>
  );
}

/** Sends, keeps the question open while waiting, and keeps the refusal to show it. */
function useSend<T>(send: (value: T) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (value: T) => {
    setBusy(true);
    setError(null);
    try {
      await send(value);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run, reset: () => setError(null) };
}

interface AcceptOrderDialogProps {
  open: boolean;
  order: AnsweredOrder;
  /** The choice selected when the question opens: the shop's quote (useReadyQuote). */
  defaultMinutes: number;
  /**
   * Sends `{status: 'Approved Order', readyInMinutes}` (no minutes for an order placed ahead: it keeps its slot);
   * throws the refusal to show.
   */
  onAccept: (readyInMinutes: number | undefined) => Promise<void>;
  onClose: () => void;
}

/**
 * Accept: when will it arrive? One tap on 20, 30, 45, 60 or 90 minutes (each with its clock time), then Accept. An
 * order placed ahead is not asked: the customer chose its slot, so the question names it ('For Sat 21:00') and
 * accepting keeps it (the server keeps it whatever is sent; moving it is a separate re-time).
 */
export function AcceptOrderDialog({ open, order, defaultMinutes, onAccept, onClose }: AcceptOrderDialogProps) {
  const titleId = useId();
  const now = useNow();
  const [minutes, setMinutes] = useState(defaultMinutes);
  const send = useSend(onAccept);
  const slot = slotAhead(order, now);
  // Each time the question opens it starts from the shop's quote, with no refusal left from before.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setMinutes(defaultMinutes);
      send.reset();
    }
  }
  const choices: number[] = READY_IN_CHOICES.includes(defaultMinutes as (typeof READY_IN_CHOICES)[number])
    ? [...READY_IN_CHOICES]
    : [...READY_IN_CHOICES, defaultMinutes].sort((a, b) => a - b);
  const money = acceptMoneyLine(order);
  const at = readyAtText(now, minutes);

  return (
    <Dialog open={open} onClose={send.busy ? undefined : onClose} aria-labelledby={titleId} slotProps={PAPER}>
      <DialogTitle id={titleId}>Accept order {displayOrderId(order._id)}</DialogTitle>
      <DialogContent>
        {slot ? (
          <>
            <Typography component="p" sx={{ fontSize: '1.25rem', fontWeight: 700 }} data-testid="accept-slot">
              {scheduledLine(slot)}
            </Typography>
            <DialogContentText>The customer chose this time. Accepting keeps it.</DialogContentText>
          </>
        ) : (
          <MinuteChoices titleId={titleId} now={now} minutes={minutes} choices={choices} onChoose={setMinutes} />
        )}
        {money && <DialogContentText sx={{ mt: 2 }}>{money}</DialogContentText>}
        {send.error !== null && <Refusal error={send.error} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose} disabled={send.busy}>
          Back
        </Button>
        {slot ? (
          <Button variant="contained" disabled={send.busy} onClick={() => void send.run(undefined)}>
            Accept · for {expectedTimeText(slot)}
          </Button>
        ) : (
          <Button variant="contained" disabled={send.busy} onClick={() => void send.run(minutes)}>
            Accept · expected at {at}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** The minutes an order for as soon as possible is promised in: one tap, each choice with its clock time. */
function MinuteChoices({
  titleId,
  now,
  minutes,
  choices,
  onChoose,
}: {
  titleId: string;
  now: Date;
  minutes: number;
  choices: number[];
  onChoose: (minutes: number) => void;
}) {
  return (
    <>
      <Typography id={`${titleId}-question`} sx={{ mb: 1.5 }}>
        When will it arrive?
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={minutes}
        onChange={(_event, value: number | null) => {
          if (value !== null) onChoose(value);
        }}
        aria-labelledby={`${titleId}-question`}
        color="primary"
        sx={{ display: 'grid', gridTemplateColumns: `repeat(${Math.min(choices.length, 5)}, 1fr)`, gap: 0.5 }}
      >
        {choices.map((choice) => (
          <ToggleButton
            key={choice}
            value={choice}
            aria-label={`${choice} min`}
            sx={{
              flexDirection: 'column',
              py: 1,
              lineHeight: 1.2,
              color: 'text.secondary',
              border: 1,
              borderColor: 'divider',
              borderRadius: '4px !important',
            }}
          >
            <Box component="span" sx={{ fontWeight: 700, fontSize: '1.05rem', textTransform: 'none' }}>
              {choice} min
            </Box>
            <Box component="span" sx={{ fontSize: '0.75rem', textTransform: 'none' }} aria-hidden>
              {readyAtText(now, choice)}
            </Box>
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </>
  );
}

const OTHER = 'other';

interface CancelOrderDialogProps {
  open: boolean;
  order: AnsweredOrder;
  /** Sends `{status: 'Canceled Order', reason}`; throws the refusal to show. */
  onCancel: (reason: string) => Promise<void>;
  onClose: () => void;
}

/**
 * Reject (a waiting order) or Cancel (an accepted one): why? One of CANCEL_REASONS or a reason typed by the admin;
 * the customer reads it, with what happens to their money, which the question says too.
 */
export function CancelOrderDialog({ open, order, onCancel, onClose }: CancelOrderDialogProps) {
  const titleId = useId();
  const [choice, setChoice] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const send = useSend(onCancel);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setChoice(null);
      setTyped('');
      send.reset();
    }
  }
  const waiting = order.status === 'Pending Order';
  const verb = waiting ? 'Reject' : 'Cancel';
  const reason = choice === OTHER ? typed.trim() : (choice ?? '');
  const money = cancelMoneyLine(order);

  return (
    <Dialog open={open} onClose={send.busy ? undefined : onClose} aria-labelledby={titleId} slotProps={PAPER}>
      <DialogTitle id={titleId}>
        {verb} order {displayOrderId(order._id)}?
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {order.email}, {formatWirePounds(order.totalPrice)}. The customer is told why
          {waiting ? '' : ', and a canceled order cannot be reopened'}.{money ? ` ${money}` : ''}
        </DialogContentText>
        <FormControl component="fieldset" fullWidth>
          <FormLabel component="legend" id={`${titleId}-why`}>
            Why?
          </FormLabel>
          <RadioGroup aria-labelledby={`${titleId}-why`} value={choice ?? ''} onChange={(event) => setChoice(event.target.value)}>
            {CANCEL_REASONS.map((text) => (
              <FormControlLabel key={text} value={text} control={<Radio />} label={text} />
            ))}
            <FormControlLabel value={OTHER} control={<Radio />} label="Another reason" />
          </RadioGroup>
          {choice === OTHER && (
            <TextField
              label="Reason"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoFocus
              fullWidth
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: MAX_CANCEL_REASON_LENGTH } }}
              helperText={`The customer reads it. At most ${MAX_CANCEL_REASON_LENGTH} characters.`}
              sx={{ mt: 1 }}
            />
          )}
        </FormControl>
        {send.error !== null && <Refusal error={send.error} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose} disabled={send.busy}>
          Keep order
        </Button>
        <Button color="error" variant="contained" disabled={send.busy || reason === ''} onClick={() => void send.run(reason)}>
          {verb} order
        </Button>
      </DialogActions>
    </Dialog>
  );
}
