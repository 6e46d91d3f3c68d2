import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ShopSettingsWire } from '@shop/shared/contract/settings';
import { openingStatusQueryKey } from '../../../lib/opening-status';
import { SettingsSection } from '../components/settings-section';
import {
  changedKitchenSettings,
  KITCHEN_FIELDS,
  KITCHEN_NUMBER_FIELDS,
  KITCHEN_RANGES,
  kitchenDraftOf,
  readKitchenDraft,
  type KitchenNumberField,
} from '../lib/kitchen-form';

const LABELS: Record<KitchenNumberField, string> = {
  usualMinutes: 'Usual time from order to door',
  queueAllowance: 'Orders in the kitchen the usual time allows for',
  minutesPerExtraOrder: 'Minutes added for each order beyond that',
  slotCapacity: 'Orders per 15 minutes',
  ticketLeadMinutes: 'Print an order placed ahead this long before its time',
};

const HELP: Record<KitchenNumberField, string> = {
  usualMinutes: 'The quote customers see with nothing else on, e.g. Delivery in about 45 min.',
  queueAllowance: 'Accepted orders not yet on their way that the usual time already covers.',
  minutesPerExtraOrder: 'Each accepted order beyond the allowance adds this to the quote.',
  slotCapacity: '0 = no cap. When a 15-minute slot is full, the quote and the default accept time move to the next one with room.',
  ticketLeadMinutes: 'Its kitchen ticket prints then, not when it is accepted. Orders for as soon as possible print at once.',
};

/**
 * The shop's kitchen settings: the quote's parts, the cap per slot, the ticket's lead time for orders placed ahead
 * and closing the day by itself, saved with PUT /api/shop-settings.
 */
export function KitchenSettingsForm({ saved }: { saved: ShopSettingsWire }) {
  return (
    <SettingsSection
      label="Kitchen"
      title="Kitchen"
      intro="What customers are quoted before they order, how many orders the kitchen takes per 15 minutes, when tickets print and when the day closes."
      saved={saved}
      draftOf={kitchenDraftOf}
      read={readKitchenDraft}
      changed={changedKitchenSettings}
      fields={KITCHEN_FIELDS}
      savedMessage="Kitchen settings saved"
      // The quote changes with them (the shop_status event says so too).
      onSaved={(client) => void client.invalidateQueries({ queryKey: openingStatusQueryKey })}
    >
      {({ draft, errors, edit }) => [
        ...KITCHEN_NUMBER_FIELDS.map((field) => {
          const range = KITCHEN_RANGES[field];
          return (
            <TextField
              key={field}
              label={LABELS[field]}
              value={draft[field]}
              onChange={(event) => edit(field, event.target.value)}
              required
              error={Boolean(errors[field])}
              helperText={errors[field] ?? `${range.min} to ${range.max} ${range.unit}. ${HELP[field]}`}
              slotProps={{
                input: { endAdornment: <InputAdornment position="end">{range.unit === 'minutes' ? 'min' : 'orders'}</InputAdornment> },
                htmlInput: { inputMode: 'numeric', maxLength: 4 },
              }}
              sx={{ maxWidth: 420 }}
            />
          );
        }),
        <FormControlLabel
          key="autoCloseDay"
          control={
            <Switch checked={draft.autoCloseDay === 'true'} onChange={(event) => edit('autoCloseDay', String(event.target.checked))} />
          }
          label={
            <>
              Close the day by itself
              <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                An hour after the last opening session, orders still accepted or on their way are marked done and waiting ones are rejected,
                so the board starts the next day empty.
              </Typography>
            </>
          }
          sx={{ maxWidth: 520, alignItems: 'flex-start', '& .MuiSwitch-root': { mt: -0.5 } }}
        />,
      ]}
    </SettingsSection>
  );
}
