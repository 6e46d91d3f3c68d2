import Chip from '@mui/material/Chip';
import type { SxProps, Theme } from '@mui/material/styles';
import { channelBadge, type OrderChannel } from '@shop/shared/domain/order-channel';

/**
 * PHONE, COUNTER or GUEST beside an order the staff took or a guest placed (the popup, the lists, the order page);
 * nothing for a signed-in customer's own web order, the usual case.
 */
export function ChannelBadge({ channel, sx }: { channel: OrderChannel | undefined; sx?: SxProps<Theme> }) {
  const badge = channel ? channelBadge(channel) : null;
  if (!badge) return null;
  return (
    <Chip
      label={badge}
      size="small"
      variant={badge === 'GUEST' ? 'outlined' : 'filled'}
      color={badge === 'GUEST' ? 'default' : 'secondary'}
      data-testid="channel-badge"
      sx={[{ fontWeight: 800, letterSpacing: '0.06em' }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
