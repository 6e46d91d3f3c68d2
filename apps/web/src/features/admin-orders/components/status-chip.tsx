import Chip, { type ChipProps } from '@mui/material/Chip';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import type { OrderStatus } from '@shop/shared/domain/order-status';
import { statusLabel } from '@shop/shared/domain/status-label';

// Theme colours chosen for white text at WCAG AA (src/app/theme.ts); a canceled order is grey, out of the way.
const COLOURS: Record<OrderStatus, ChipProps['color']> = {
  'Pending Order': 'warning',
  'Approved Order': 'info',
  'On the way': 'primary',
  'Delivered Order': 'success',
  'Canceled Order': 'default',
};

/** The status in the colour of its step; a collection's reads 'Ready to collect' and 'Collected' (decision 1005). */
export function StatusChip({ status, fulfilment }: { status: OrderStatus; fulfilment?: Fulfilment | undefined }) {
  return <Chip size="small" label={statusLabel(status, fulfilment)} color={COLOURS[status]} />;
}
