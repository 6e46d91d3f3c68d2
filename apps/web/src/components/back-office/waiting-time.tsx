import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { DEFAULT_KITCHEN_SETTINGS, waitingFrom } from '@shop/shared/domain/kitchen';
import { isLateWaiting, waitedMinutes } from '@shop/shared/domain/order-promise';
import { useShopSettings } from '../../lib/shop-settings';

/** 'Waiting 6 min', or 'Waiting <1 min' for an order just placed. */
export function waitingText(placedAt: Date, now: Date): string {
  const minutes = waitedMinutes(placedAt, now);
  return minutes < 1 ? 'Waiting <1 min' : `Waiting ${minutes} min`;
}

interface WaitingTimeProps {
  /** When the shop first saw the order (the wire's placedAt). */
  placedAt: string | null;
  /** The ticking clock (useNow). */
  now: Date;
  /** The shop's setting: from this many minutes the order is marked Late. */
  lateAfterMinutes: number;
  /** The slot an order placed ahead is for (ISO); it waits from that time less the usual time (waitingFrom). */
  scheduledFor?: string | null;
}

/**
 * How long a waiting order has waited, on the popup and the order screens: 'Waiting 6 min', and a red
 * 'Late' before it once it has waited the shop's lateAfterMinutes.
 */
export function WaitingTime({ placedAt, now, lateAfterMinutes, scheduledFor = null }: WaitingTimeProps) {
  const usualMinutes = useShopSettings().data?.usualMinutes ?? DEFAULT_KITCHEN_SETTINGS.usualMinutes;
  if (placedAt === null) return null;
  const scheduled = scheduledFor ? new Date(scheduledFor) : null;
  // An order placed ahead waits for an answer from when the kitchen would start it (decision 0901): not before.
  const placed = waitingFrom(new Date(placedAt), scheduled && !Number.isNaN(scheduled.getTime()) ? scheduled : null, usualMinutes);
  if (Number.isNaN(placed.getTime()) || placed.getTime() > now.getTime()) return null;
  const late = isLateWaiting(placed, now, { lateAfterMinutes });
  return (
    <Box component="span" data-testid="waiting-time" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
      {late && <Chip size="small" color="error" label="Late" sx={{ fontWeight: 700 }} />}
      <Chip size="small" variant="outlined" color={late ? 'error' : 'warning'} label={waitingText(placed, now)} />
    </Box>
  );
}
