import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ShopSettingsWire } from '@shop/shared/contract/settings';
import { SettingsSection } from '../components/settings-section';
import { changedDrivers, driversDraftOf, readDriversDraft } from '../lib/drivers-form';

/**
 * The shop's own drivers: what a driver is paid per drop (decision 1701: the cash-up's pay, copied onto each shift
 * when it closes) and when the board's watchdog warns of a delivery (decision 1700).
 */
export function DriversForm({ saved }: { saved: ShopSettingsWire }) {
  return (
    <SettingsSection
      label="Drivers"
      title="Drivers"
      intro="Paid for each delivery dropped, on top of wages; the cash-up shows it per shift. Tips are paid apart, in full. The board warns of a delivery waiting for a driver, or late on the road, after the minutes below."
      saved={saved}
      draftOf={driversDraftOf}
      read={readDriversDraft}
      changed={changedDrivers}
      fields={['payPerDrop', 'unassignedWarnMinutes', 'lateDeliveryWarnMinutes'] as const}
      savedMessage="Drivers’ settings saved"
    >
      {({ draft, errors, edit }) => (
        <Stack spacing={2} sx={{ maxWidth: 360 }}>
          <TextField
            label="Pay per drop"
            value={draft.payPerDrop}
            onChange={(event) => edit('payPerDrop', event.target.value)}
            required
            error={Boolean(errors.payPerDrop)}
            helperText={errors.payPerDrop ?? '0 when the shop pays no rate per drop.'}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
              htmlInput: { inputMode: 'decimal', maxLength: 7 },
            }}
          />
          <TextField
            label="Warn of a ready delivery with no driver after"
            value={draft.unassignedWarnMinutes}
            onChange={(event) => edit('unassignedWarnMinutes', event.target.value)}
            required
            error={Boolean(errors.unassignedWarnMinutes)}
            helperText={errors.unassignedWarnMinutes ?? '0: no warning.'}
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">min</InputAdornment> },
              htmlInput: { inputMode: 'numeric', maxLength: 3 },
            }}
          />
          <TextField
            label="Warn of a delivery late on the road after"
            value={draft.lateDeliveryWarnMinutes}
            onChange={(event) => edit('lateDeliveryWarnMinutes', event.target.value)}
            required
            error={Boolean(errors.lateDeliveryWarnMinutes)}
            helperText={errors.lateDeliveryWarnMinutes ?? 'Minutes past the time the customer was given; 0: no warning.'}
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">min</InputAdornment> },
              htmlInput: { inputMode: 'numeric', maxLength: 3 },
            }}
          />
        </Stack>
      )}
    </SettingsSection>
  );
}
