import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShopSettingsUpdate, ShopSettingsWire } from '@shop/shared/contract/settings';
import { LOADING } from '@shop/shared/domain/messages';
import { NO_RESPONSE_REASON } from '@shop/shared/domain/order-promise';
import { Page } from '../../../components/page';
import { ApiError, hasErrorCode } from '../../../lib/api';
import { putShopSettings, SHOP_SETTINGS_KEY, useReadyQuote, useShopSettings } from '../../../lib/shop-settings';
import { showToast } from '../../../lib/toast';
import {
  AUTO_REJECT_RANGE,
  changedSettings,
  draftOf,
  LATE_RANGE,
  readDraft,
  timersWarning,
  type SettingsDraft,
  type SettingsErrors,
} from '../lib/settings-form';
import { KitchenSettingsForm } from './kitchen-settings-form';

const minutesAdornment = { input: { endAdornment: <InputAdornment position="end">min</InputAdornment> } } as const;

/** The messages of a refused save that belong under a field (VALIDATION_FAILED names them). */
function fieldErrors(error: unknown): SettingsErrors | null {
  if (!hasErrorCode(error, 'VALIDATION_FAILED') || !error.fields) return null;
  const found: SettingsErrors = {};
  if (error.fields.lateAfterMinutes) found.lateAfterMinutes = error.fields.lateAfterMinutes;
  if (error.fields.autoRejectAfterMinutes) found.autoRejectAfterMinutes = error.fields.autoRejectAfterMinutes;
  return Object.keys(found).length > 0 ? found : null;
}

function SettingsForm({ saved }: { saved: ShopSettingsWire }) {
  const client = useQueryClient();
  const quote = useReadyQuote();
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(saved));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (change: ShopSettingsUpdate) => putShopSettings(change),
    onSuccess: (settings) => {
      client.setQueryData(SHOP_SETTINGS_KEY, settings);
      setDraft(draftOf(settings));
      showToast('Settings saved');
    },
    onError: (error) => {
      const fields = fieldErrors(error);
      if (fields) setErrors(fields);
      else setRefusal(error instanceof ApiError ? error.message : String(error));
    },
  });
  const read = readDraft(draft);
  const warning = read.settings ? timersWarning(read.settings) : null;

  const edit = (field: keyof SettingsErrors, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
    setRefusal(null);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setRefusal(null);
    if (read.errors) {
      setErrors(read.errors);
      return;
    }
    const change = changedSettings(saved, read.settings);
    if (change === null) {
      showToast('Nothing to save: the settings are as they were', 'info');
      return;
    }
    save.mutate(change);
  }

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={submit}
      variant="outlined"
      aria-label="Order timers"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}
    >
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Orders waiting for an answer
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        A new order rings on every page an admin has open until it is accepted or rejected.
      </Typography>
      <Stack spacing={3}>
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
                onChange={(event) => {
                  setDraft((current) => ({ ...current, autoAccept: event.target.checked }));
                  setRefusal(null);
                }}
                slotProps={{ input: { 'aria-describedby': 'auto-accept-help' } }}
              />
            }
            label="Accept every order on arrival"
          />
          <FormHelperText id="auto-accept-help" sx={{ mx: 0 }}>
            With the current quote ({quote} min); the chime still rings once for each new order.
          </FormHelperText>
        </div>
        {warning && (
          <Alert severity="warning" role="status">
            {warning}
          </Alert>
        )}
        {refusal && (
          <Alert severity="error" role="alert">
            {refusal}
          </Alert>
        )}
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save
          </Button>
          <Button
            type="button"
            variant="outlined"
            disabled={save.isPending}
            onClick={() => {
              setDraft(draftOf(saved));
              setErrors({});
              setRefusal(null);
            }}
          >
            Reset
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** /shop-settings: the shop's order timers and auto-accept (issue 20) and the kitchen's settings (issue 21), `GET`/`PUT /api/shop-settings`. */
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
      {settings.data && <SettingsForm key={JSON.stringify(settings.data)} saved={settings.data} />}
      {settings.data && <KitchenSettingsForm key={`kitchen ${JSON.stringify(settings.data)}`} saved={settings.data} />}
    </Page>
  );
}
