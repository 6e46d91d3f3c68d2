import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { ShopSettingsWire } from '@shop/shared/contract/settings';
import { SettingsSection } from '../components/settings-section';
import { changedTrackerSettings, readTrackerDraft, TILE_URL_HELP, TRACKER_FIELDS, trackerDraftOf } from '../lib/tracker-form';

/** The tracker's map and the order updates to customers (decision 1702), saved with PUT /api/shop-settings. */
export function TrackerSettingsForm({ saved }: { saved: ShopSettingsWire }) {
  return (
    <SettingsSection
      label="Tracker and order updates"
      title="Tracker and order updates"
      intro="What customers see of their delivery, and how they hear that it is accepted, on its way and delivered."
      saved={saved}
      draftOf={trackerDraftOf}
      read={readTrackerDraft}
      changed={changedTrackerSettings}
      fields={TRACKER_FIELDS}
      savedMessage="Tracker settings saved"
    >
      {({ draft, errors, edit }) => (
        <>
          <TextField
            label="Map tiles address"
            value={draft.mapTileUrl}
            onChange={(event) => edit('mapTileUrl', event.target.value)}
            error={Boolean(errors.mapTileUrl)}
            helperText={errors.mapTileUrl ?? `${TILE_URL_HELP} The driver is shown on it while on the way.`}
            slotProps={{ htmlInput: { maxLength: 500, spellCheck: false } }}
            sx={{ maxWidth: 560 }}
          />
          <TextField
            label="Map attribution"
            value={draft.mapAttribution}
            onChange={(event) => edit('mapAttribution', event.target.value)}
            error={Boolean(errors.mapAttribution)}
            helperText={errors.mapAttribution ?? 'Shown on the map, as the tile provider asks.'}
            slotProps={{ htmlInput: { maxLength: 300 } }}
            sx={{ maxWidth: 560 }}
          />
          <FormControlLabel
            control={<Switch checked={draft.pushUpdates} onChange={(event) => edit('pushUpdates', event.target.checked)} />}
            label="Send notifications to customers who allow them"
          />
          <FormControlLabel
            control={<Switch checked={draft.smsUpdates} onChange={(event) => edit('smsUpdates', event.target.checked)} />}
            label="Send text messages (when the shop's text provider is set up)"
          />
        </>
      )}
    </SettingsSection>
  );
}
