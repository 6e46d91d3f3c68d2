import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ShopSettingsWire } from '@shop/shared/contract/settings';
import { LOADING } from '@shop/shared/domain/messages';
import { NO_RESPONSE_REASON } from '@shop/shared/domain/order-promise';
import { Page } from '../../../components/page';
import { useReadyQuote, useShopSettings } from '../../../lib/shop-settings';
import { SettingsSection } from '../components/settings-section';
import {
  AUTO_REJECT_RANGE,
  changedSettings,
  draftOf,
  LATE_RANGE,
  readDraft,
  timersWarning,
  type SettingsErrors,
} from '../lib/settings-form';
import { DriversForm } from './drivers-form';
import { KitchenSettingsForm } from './kitchen-settings-form';
import { ShopDetailsForm } from './shop-details-form';
import { StampCardForm } from './stamp-card-form';
import { TippingPolicyForm } from './tipping-policy-form';
import { TrackerSettingsForm } from './tracker-settings-form';

const minutesAdornment = { input: { endAdornment: <InputAdornment position="end">min</InputAdornment> } } as const;
const TIMER_FIELDS: readonly (keyof SettingsErrors)[] = ['lateAfterMinutes', 'autoRejectAfterMinutes'];

/** The order timers and auto-accept (decision 0800). */
function OrderTimersForm({ saved }: { saved: ShopSettingsWire }) {
  const quote = useReadyQuote();
  return (
    <SettingsSection
      first
      label="Order timers"
      title="Orders waiting for an answer"
      intro="A new order rings on every page an admin has open until it is accepted or rejected."
      saved={saved}
      draftOf={draftOf}
      read={readDraft}
      changed={changedSettings}
      fields={TIMER_FIELDS}
      savedMessage="Settings saved"
      warning={timersWarning}
    >
      {({ draft, errors, edit }) => (
        <>
          <TextField
            label="Mark a waiting order late after"
            value={draft.lateAfterMinutes}
            onChange={(event) => edit('lateAfterMinutes', event.target.value)}
            required
            error={Boolean(errors.lateAfterMinutes)}
            helperText={
              errors.lateAfterMinutes ??
              `${LATE_RANGE.min} to ${LATE_RANGE.max} minutes. A late order is marked Late and the chime rings louder and faster.`
            }
            slotProps={{ ...minutesAdornment, htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
            sx={{ maxWidth: 360 }}
          />
          <TextField
            label="Reject an unanswered order after"
            value={draft.autoRejectAfterMinutes}
            onChange={(event) => edit('autoRejectAfterMinutes', event.target.value)}
            required
            error={Boolean(errors.autoRejectAfterMinutes)}
            helperText={
              errors.autoRejectAfterMinutes ??
              `${AUTO_REJECT_RANGE.min} to ${AUTO_REJECT_RANGE.max} minutes; 0 = never. The shop rejects the order by itself ('${NO_RESPONSE_REASON}'), releases a card hold and tells the customer.`
            }
            slotProps={{ ...minutesAdornment, htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
            sx={{ maxWidth: 360 }}
          />
          <div>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.autoAccept}
                  onChange={(event) => edit('autoAccept', event.target.checked)}
                  slotProps={{ input: { 'aria-describedby': 'auto-accept-help' } }}
                />
              }
              label="Accept every order on arrival"
            />
            <FormHelperText id="auto-accept-help" sx={{ mx: 0 }}>
              With the current quote ({quote} min); the chime still rings once for each new order.
            </FormHelperText>
          </div>
        </>
      )}
    </SettingsSection>
  );
}

/**
 * /shop-settings: the shop's order timers and auto-accept, the kitchen's settings and the shop
 * itself (the trader, its post code, collection's time), the stamp card, `GET`/`PUT /api/shop-settings`, each section a
 * SettingsSection saving only what changed; and the tipping policy (`/api/tipping-policy`), the owner's to write.
 */
export function ShopSettingsPage() {
  const settings = useShopSettings();
  return (
    <Page title="Shop Settings">
      {settings.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          }
        >
          {settings.error.message}
        </Alert>
      )}
      {settings.isPending && <Typography>{LOADING}</Typography>}
      {/* Keyed by what the shop has, so a save (or another admin's, read again) starts the form from it. */}
      {settings.data && <OrderTimersForm key={JSON.stringify(settings.data)} saved={settings.data} />}
      {settings.data && <KitchenSettingsForm key={`kitchen ${JSON.stringify(settings.data)}`} saved={settings.data} />}
      {settings.data && <ShopDetailsForm key={`shop ${JSON.stringify(settings.data)}`} saved={settings.data} />}
      {settings.data && <StampCardForm key={`stamps ${JSON.stringify(settings.data)}`} saved={settings.data} />}
      {settings.data && <DriversForm key={`drivers ${JSON.stringify(settings.data)}`} saved={settings.data} />}
      {settings.data && <TrackerSettingsForm key={`tracker ${JSON.stringify(settings.data)}`} saved={settings.data} />}
      {settings.data && <TippingPolicyForm />}
    </Page>
  );
}
