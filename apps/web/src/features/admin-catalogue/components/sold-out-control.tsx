import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AvailabilityRequest } from '@shop/shared/contract/catalogue';
import { soldOutMessage, soldOutRowLabel, type SoldOutState } from '@shop/shared/domain/sold-out';
import { showToast } from '../../../lib/toast';
import { useSetAvailability } from '../api/catalogue-api';

/** The three one-tap choices, each with the body it sends. */
export const SOLD_OUT_CHOICES: ReadonlyArray<{ label: string; body: AvailabilityRequest; shows: (state: SoldOutState) => boolean }> = [
  {
    label: 'Sold out today',
    body: { soldOut: true, until: 'next-opening' },
    shows: (state) => !state.soldOut || state.soldOutUntil === null,
  },
  {
    label: 'Sold out until turned back on',
    body: { soldOut: true, until: 'turned-back-on' },
    shows: (state) => !state.soldOut || state.soldOutUntil !== null,
  },
  { label: 'Back on', body: { soldOut: false }, shows: (state) => state.soldOut },
];

interface SoldOutControlProps {
  kind: 'product' | 'topping';
  id: string;
  /** The product's title or the topping's name, as the buttons and the confirmation name it. */
  name: string;
  state: SoldOutState;
}

/**
 * A product's or topping's availability in the back office: its state ('Sold out today · back Sat 12:00',
 * 'Sold out until turned back on', or On sale) and one tap to change it. The menu, its ETags and every open
 * storefront follow at once (the server's `menu_changed`).
 */
export function SoldOutControl({ kind, id, name, state }: SoldOutControlProps) {
  const change = useSetAvailability(kind);
  const choose = (body: AvailabilityRequest) =>
    change.mutate(
      { id, body },
      {
        onSuccess: (answer) => showToast(answer.soldOut ? soldOutMessage(name, answer) : `"${name}" is back on sale`),
        onError: (failure) => showToast(failure.message, 'error'),
      },
    );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
      <Typography
        variant="body2"
        color={state.soldOut ? 'error' : 'text.secondary'}
        sx={{ fontWeight: state.soldOut ? 700 : 400, mr: 0.5 }}
      >
        {soldOutRowLabel(state) ?? 'On sale'}
      </Typography>
      {SOLD_OUT_CHOICES.filter((choice) => choice.shows(state)).map((choice) => (
        <Button
          key={choice.label}
          size="small"
          variant="outlined"
          color={choice.body.soldOut ? 'warning' : 'success'}
          disabled={change.isPending}
          onClick={() => choose(choice.body)}
          aria-label={`${choice.label}: ${name}`}
          sx={{ minWidth: 0, px: 1, lineHeight: 1.25 }}
        >
          {choice.label}
        </Button>
      ))}
    </Box>
  );
}
