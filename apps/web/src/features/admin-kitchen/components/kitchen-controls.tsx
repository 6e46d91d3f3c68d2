import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { ShopStatusUpdate } from '@shop/shared/contract/shop-status';
import type { OpeningStatus } from '@shop/shared/domain/kitchen';
import { ApiError } from '../../../lib/api';
import { LiveOpeningStatus } from '../../../lib/live-opening-status';
import { openingStatusQueryKey, useOpeningStatus } from '../../../lib/opening-status';
import { showToast } from '../../../lib/toast';
import { useNow } from '../../../lib/use-now';
import { useCan } from '../../../lib/use-session';
import { putShopStatus } from '../api/shop-status';
import {
  BUSY_EXTRA_CHOICES,
  BUSY_FOR_CHOICES,
  busyChoiceLabel,
  countdownText,
  PAUSE_FOR_CHOICES,
  pauseChoiceLabel,
} from '../lib/countdown';

/** The countdown ticks every second while busy mode or a pause runs. */
const COUNTDOWN_TICK_MS = 1000;

/** 'Busy +30 min · 59:12 left', 'Busy +30 min · until turned off'. */
export function busyText(busy: NonNullable<OpeningStatus['busy']>, now: Date): string {
  return busy.until
    ? `Busy +${busy.extraMinutes} min · ${countdownText(new Date(busy.until), now)} left`
    : `Busy +${busy.extraMinutes} min · until turned off`;
}

/** 'Paused · 14:59 left'. */
export function pausedText(pausedUntil: string, now: Date): string {
  return `Paused · ${countdownText(new Date(pausedUntil), now)} left`;
}

function StateChips({ status }: { status: OpeningStatus }) {
  const now = useNow(COUNTDOWN_TICK_MS);
  return (
    <>
      {status.pausedUntil && <Chip color="error" size="small" label={pausedText(status.pausedUntil, now)} />}
      {status.busy && <Chip color="warning" size="small" label={busyText(status.busy, now)} />}
    </>
  );
}

/**
 * Busy mode and the pause in the back office's header, on every admin page: what runs now
 * with its countdown, and a 'Kitchen' button whose panel sets either in one tap (PUT /api/shop-status) or turns it
 * off. Follows `shop_status` (another admin's tap) and asks again when either ends by itself.
 */
export function KitchenControls() {
  const client = useQueryClient();
  const status = useOpeningStatus().data;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [sending, setSending] = useState(false);
  const panelId = useId();
  // Every role sees the pause and busy mode running; only a role that may change them gets the button.
  const mayChange = useCan('shopStatus');

  const send = async (change: ShopStatusUpdate, done: string) => {
    setSending(true);
    try {
      const answer = await putShopStatus(change);
      client.setQueryData(openingStatusQueryKey, answer);
      setAnchor(null);
      showToast(done, 'success');
    } catch (error) {
      showToast(error instanceof ApiError ? error.message : 'The kitchen could not be changed. Try again.', 'error');
    } finally {
      setSending(false);
    }
  };

  return (
    <Box role="group" aria-label="Kitchen" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <LiveOpeningStatus />
      {status && <StateChips status={status} />}
      {mayChange && (
        <Button
          variant="outlined"
          size="small"
          aria-haspopup="dialog"
          aria-expanded={anchor !== null}
          aria-controls={anchor ? panelId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          Kitchen
        </Button>
      )}
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { id: panelId, role: 'dialog', 'aria-label': 'Kitchen', sx: { p: 2, maxWidth: 420 } } }}
      >
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Busy mode
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          More time on every quote, for a while or until turned off.
        </Typography>
        <Box sx={{ display: 'grid', gap: 0.75 }}>
          {BUSY_EXTRA_CHOICES.map((extra) => (
            <Box key={extra} sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
              <Typography sx={{ width: 64, fontWeight: 600 }}>+{extra} min</Typography>
              {BUSY_FOR_CHOICES.map((forMinutes) => (
                <Button
                  key={String(forMinutes)}
                  size="small"
                  variant="outlined"
                  disabled={sending}
                  aria-label={`Busy ${busyChoiceLabel(extra, forMinutes)}`}
                  onClick={() =>
                    void send({ busy: { extraMinutes: extra, forMinutes } }, `Busy mode on: ${busyChoiceLabel(extra, forMinutes)}`)
                  }
                >
                  {forMinutes === null ? 'Until off' : `${forMinutes} min`}
                </Button>
              ))}
            </Box>
          ))}
        </Box>
        {status?.busy && (
          <Button sx={{ mt: 1 }} disabled={sending} onClick={() => void send({ busy: null }, 'Busy mode off')}>
            Turn busy mode off
          </Button>
        )}
        <Divider sx={{ my: 1.5 }} />
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Stop taking orders
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Customers can still browse the menu and fill their cart.
        </Typography>
        <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
          {PAUSE_FOR_CHOICES.map((choice) => (
            <Button
              key={choice}
              size="small"
              variant="outlined"
              color="error"
              disabled={sending}
              aria-label={pauseChoiceLabel(choice)}
              onClick={() =>
                void send({ pause: choice === 'untilEndOfDay' ? { untilEndOfDay: true } : { forMinutes: choice } }, 'Orders paused')
              }
            >
              {choice === 'untilEndOfDay' ? 'Rest of today' : `${choice} min`}
            </Button>
          ))}
        </Box>
        {status?.pausedUntil && (
          <Button sx={{ mt: 1 }} variant="contained" disabled={sending} onClick={() => void send({ pause: null }, 'Taking orders again')}>
            Take orders again
          </Button>
        )}
      </Popover>
    </Box>
  );
}
