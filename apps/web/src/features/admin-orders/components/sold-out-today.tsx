import { useState } from 'react';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import type { AvailabilityAnswer, AvailabilityRequest } from '@shop/shared/contract/catalogue';
import { api, ApiError } from '../../../lib/api';
import { productsQueryKey } from '../../../lib/menu-queries';
import { showToast } from '../../../lib/toast';

/** `PUT /api/allproduts/{id}/availability` (admins). */
function setProductAvailability(productId: string, body: AvailabilityRequest): Promise<AvailabilityAnswer> {
  return api.put<AvailabilityAnswer>(`/allproduts/${encodeURIComponent(productId)}/availability`, body);
}

/**
 * One tap on an order's line (issue 21 point 4): the product that order ran out of is 'Sold out today' (back by
 * itself at the next opening), with 'Back on sale' to undo it. Every open menu hears it (menu_changed).
 */
export function SoldOutToday({ productId, title }: { productId: string; title: string }) {
  const client = useQueryClient();
  const [soldOut, setSoldOut] = useState(false);
  const [sending, setSending] = useState(false);

  const send = async (body: AvailabilityRequest) => {
    setSending(true);
    try {
      const answer = await setProductAvailability(productId, body);
      setSoldOut(answer.soldOut);
      // The back office's product lists show the state too.
      void client.invalidateQueries({ queryKey: productsQueryKey });
      showToast(answer.soldOut ? `"${title}" is sold out today` : `"${title}" is back on sale`, 'success', 4000);
    } catch (error) {
      showToast(error instanceof ApiError ? error.message : 'The product could not be changed. Try again.', 'error');
    } finally {
      setSending(false);
    }
  };

  return soldOut ? (
    <Button size="small" disabled={sending} onClick={() => void send({ soldOut: false })} aria-label={`Put ${title} back on sale`}>
      Back on sale
    </Button>
  ) : (
    <Button
      size="small"
      color="error"
      disabled={sending}
      onClick={() => void send({ soldOut: true, until: 'next-opening' })}
      aria-label={`Mark ${title} sold out today`}
    >
      Sold out today
    </Button>
  );
}
