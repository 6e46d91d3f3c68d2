import { useState } from 'react';
import Button from '@mui/material/Button';
import { ConfirmDialog } from '../../../components/back-office/confirm-dialog';
import { showToast } from '../../../lib/toast';
import { useCloseDay, useCloseDayPreview } from '../api/close-day-api';

/** 'Close 3 orders left open today?' */
export function closeDayQuestion(count: number): string {
  if (count === 0) return 'Nothing is left open today';
  return count === 1 ? 'Close the 1 order left open today?' : `Close the ${count} orders left open today?`;
}

/** What the toast says once the day is closed. */
export function closeDayDone(answer: { closed: number; rejected: number }): string {
  const total = answer.closed + answer.rejected;
  if (total === 0) return 'Nothing was left open';
  return total === 1 ? 'Day closed: 1 order closed' : `Day closed: ${total} orders closed`;
}

/**
 * "Close the day" on the kitchen's board: what the end of the trading day does by itself (with the setting on), at
 * once. It asks first, naming how many orders it closes, as the server counts them when the question opens.
 */
export function CloseDayButton() {
  const [open, setOpen] = useState(false);
  const preview = useCloseDayPreview(open);
  const close = useCloseDay();
  const count = preview.data?.count;
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Close the day
      </Button>
      <ConfirmDialog
        open={open}
        question={count === undefined ? 'Close the day?' : closeDayQuestion(count)}
        detail={
          count === 0
            ? 'Every order of today is done.'
            : 'Accepted orders and those on their way are marked done (delivered or collected); orders still waiting are rejected and their customers told. Orders placed ahead for another day stay.'
        }
        confirmLabel="Close the day"
        busy={close.isPending || count === undefined || count === 0}
        onConfirm={() =>
          close.mutate(undefined, {
            onSuccess: (answer) => {
              setOpen(false);
              showToast(closeDayDone(answer));
            },
            onError: (error) => {
              setOpen(false);
              showToast(error.message, 'error', 6000);
            },
          })
        }
        onClose={() => setOpen(false)}
      />
    </>
  );
}
