import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { isLateWaiting, waitedMinutes } from '@shop/shared/domain/order-promise';

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
}

/**
 * How long a waiting order has waited, on the popup and the order screens (issue 20): 'Waiting 6 min', and a red
 * 'Late' before it once it has waited the shop's lateAfterMinutes.
 */
export function WaitingTime({ placedAt, now, lateAfterMinutes }: WaitingTimeProps) {
  if (placedAt === null) return null;
  const placed = new Date(placedAt);
  if (Number.isNaN(placed.getTime())) return null;
  const late = isLateWaiting(placed, now, { lateAfterMinutes });
  return (
    <Box component="span" data-testid="waiting-time" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
      {late && <Chip size="small" color="error" label="Late" sx={{ fontWeight: 700 }} />}
      <Chip size="small" variant="outlined" color={late ? 'error' : 'warning'} label={waitingText(placed, now)} />
    </Box>
  );
}
