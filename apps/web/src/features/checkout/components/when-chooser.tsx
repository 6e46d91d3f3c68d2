import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OrderSlot } from '@shop/shared/contract/shop-status';

export type WhenMode = 'asap' | 'later';

interface WhenChooserProps {
  /** Whether an order for as soon as possible is taken now; while closed or paused only slots are offered. */
  asapAllowed: boolean;
  /** 'Delivery in about 45 min' beside 'As soon as possible', when known. */
  quote: string | null;
  mode: WhenMode;
  onMode(mode: WhenMode): void;
  /** The slots of GET /api/order-slots (undefined while they load). */
  slots: readonly OrderSlot[] | undefined;
  /** The slot chosen (its `at`), or null when there is none. */
  slotAt: string | null;
  onSlot(at: string): void;
}

/** Checkout's 'When' (issue 21 point 6): as soon as possible, or a 15-minute slot later today or tomorrow. */
export function WhenChooser({ asapAllowed, quote, mode, onMode, slots, slotAt, onSlot }: WhenChooserProps) {
  const later = !asapAllowed || mode === 'later';
  return (
    <FormControl>
      <FormLabel
        id="order-when-label"
        sx={{ typography: 'h3', color: 'text.primary', mb: 0.5, '&.Mui-focused': { color: 'text.primary' } }}
      >
        When
      </FormLabel>
      <RadioGroup
        aria-labelledby="order-when-label"
        value={later ? 'later' : 'asap'}
        onChange={(event) => onMode(event.target.value as WhenMode)}
      >
        {asapAllowed && (
          <FormControlLabel value="asap" control={<Radio />} label={quote ? `As soon as possible · ${quote}` : 'As soon as possible'} />
        )}
        <FormControlLabel
          value="later"
          control={<Radio />}
          label="Order ahead for later"
          disabled={slots !== undefined && slots.length === 0}
        />
      </RadioGroup>
      {later && slots && slots.length > 0 && (
        <TextField select label="Time" value={slotAt ?? ''} onChange={(event) => onSlot(event.target.value)} sx={{ maxWidth: 260, mt: 1 }}>
          {slots.map((slot) => (
            <MenuItem key={slot.at} value={slot.at}>
              {slot.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      {later && slots && slots.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          There is no time left to order ahead for today or tomorrow.
        </Typography>
      )}
    </FormControl>
  );
}
