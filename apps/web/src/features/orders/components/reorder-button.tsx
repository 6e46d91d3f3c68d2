import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { OrderItemWire } from '@shop/shared/contract/orders';
import { Button, Icon } from '../../../components/ui';
import { useCart } from '../../../lib/cart-store';
import { productsQuery } from '../../../lib/menu-queries';
import { reorderLines } from '../lib/reorder';
import { paths } from '../../../lib/paths';

/** Puts the order's lines back in the cart; the cart and checkout then price them at today's prices. */
export function ReorderButton({ items }: { items: readonly OrderItemWire[] }) {
  const cart = useCart();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const reorder = async () => {
    setBusy(true);
    try {
      const menu = await queryClient.fetchQuery({ ...productsQuery, staleTime: 0 });
      const { lines, missing } = reorderLines(items, menu);
      if (lines.length > 0) cart.addLines(lines);
      const gone = missing.length > 0 ? ` No longer available, not added: ${missing.join(', ')}.` : '';
      const flash = lines.length > 0 ? `Added to your cart at today's prices.${gone}` : `Nothing could be added.${gone}`;
      await navigate(paths.payment, { state: { flash } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="contained" startIcon={<Icon name="replay" />} onClick={() => void reorder()} disabled={busy}>
      Reorder
    </Button>
  );
}
