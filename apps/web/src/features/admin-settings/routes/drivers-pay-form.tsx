import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { ShopSettingsWire } from '@shop/shared/contract/settings';
import { SettingsSection } from '../components/settings-section';
import { changedDriversPay, driversPayDraftOf, readDriversPayDraft } from '../lib/drivers-pay-form';

/** What a driver is paid per drop (decision 1701): the cash-up's pay, copied onto each shift when it closes. */
export function DriversPayForm({ saved }: { saved: ShopSettingsWire }) {
  return (
    <SettingsSection
      label="Drivers’ pay"
      title="Drivers’ pay"
      intro="Paid for each delivery dropped, on top of wages; the cash-up shows it per shift. Tips are paid apart, in full."
      saved={saved}
      draftOf={driversPayDraftOf}
      read={readDriversPayDraft}
      changed={changedDriversPay}
      fields={['payPerDrop'] as const}
      savedMessage="Drivers’ pay saved"
    >
      {({ draft, errors, edit }) => (
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
          sx={{ maxWidth: 360 }}
        />
      )}
    </SettingsSection>
  );
}
