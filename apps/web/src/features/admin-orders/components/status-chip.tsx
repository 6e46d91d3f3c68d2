import Chip, { type ChipProps } from '@mui/material/Chip';
import type { OrderStatus } from '@shop/shared/domain/order-status';

// Theme colours chosen for white text at WCAG AA (src/app/theme.ts); a canceled order is grey, out of the way.
const COLOURS: Record<OrderStatus, ChipProps['color']> = {
  'Pending Order': 'warning',
  'Approved Order': 'info',
  'On the way': 'primary',
  'Delivered Order': 'success',
  'Canceled Order': 'default',
};

export function StatusChip({ status }: { status: OrderStatus }) {
  return <Chip size="small" label={status} color={COLOURS[status]} />;
}
