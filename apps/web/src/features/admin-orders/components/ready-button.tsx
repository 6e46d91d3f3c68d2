import { useState } from 'react';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import type { OrderWire } from '@shop/shared/contract/orders';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { showToast } from '../../../lib/toast';
import { useMarkReady } from '../../../lib/order-ready';
import { shopClock } from '../../../lib/shop-clock';
import { useCan } from '../../../lib/use-session';

/**
 * Ready, beside an accepted delivery: the kitchen says it can go, so dispatch sees it ready and the customer's tracker
 * shows it made (`POST /api/orders/{id}/ready`). Once said it reads 'Ready 18:42', the shop's time of it, on every
 * screen and after a reload.
 */
export function ReadyButton({ order }: { order: OrderWire }) {
  const may = useCan('orderStatus');
  const ready = useMarkReady();
  const [said, setSaid] = useState<string | null>(null);
  const readyAt = order.readyAt ?? said;
  if (!may || order.status !== 'Approved Order' || order.fulfilment !== 'delivery') return null;
  const short = displayOrderId(order._id);
  if (readyAt) {
    return (
      <Button size="small" variant="text" disabled>
        Ready {shopClock(readyAt)}
      </Button>
    );
  }
  return (
    <Tooltip title="Tell dispatch it is ready to go">
      <Button
        size="small"
        variant="outlined"
        aria-label={`Ready: order ${short}`}
        disabled={ready.isPending}
        onClick={() =>
          ready.mutate(order._id, {
            onSuccess: (answer) => setSaid(answer.readyAt),
            onError: (error) => showToast(error.message, 'error'),
          })
        }
        sx={{ mr: 1 }}
      >
        Ready
      </Button>
    </Tooltip>
  );
}
