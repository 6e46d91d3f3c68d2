import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShopSettingsUpdate } from '@shop/shared/contract/settings';
import { ApiError, hasErrorCode } from '../../../lib/api';
import { openingStatusQueryKey } from '../../../lib/opening-status';
import { putShopSettings, SHOP_SETTINGS_KEY } from '../../../lib/shop-settings';
import { showToast } from '../../../lib/toast';
import {
  changedKitchenSettings,
  KITCHEN_FIELDS,
  KITCHEN_RANGES,
  kitchenDraftOf,
  readKitchenDraft,
  type KitchenDraft,
  type KitchenErrors,
  type KitchenField,
  type KitchenSettingsWire,
} from '../lib/kitchen-form';

const LABELS: Record<KitchenField, string> = {
  usualMinutes: 'Usual time from order to door',
  queueAllowance: 'Orders in the kitchen the usual time allows for',
  minutesPerExtraOrder: 'Minutes added for each order beyond that',
  slotCapacity: 'Orders per 15 minutes',
};

const HELP: Record<KitchenField, string> = {
  usualMinutes: 'The quote customers see with nothing else on, e.g. Delivery in about 45 min.',
  queueAllowance: 'Accepted orders not yet on their way that the usual time already covers.',
  minutesPerExtraOrder: 'Each accepted order beyond the allowance adds this to the quote.',
  slotCapacity: '0 = no cap. When a 15-minute slot is full, the quote and the default accept time move to the next one with room.',
};

/** The shop's kitchen settings (issue 21): the quote's parts and the cap per slot, saved with PUT /api/shop-settings. */
export function KitchenSettingsForm({ saved }: { saved: KitchenSettingsWire }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<KitchenDraft>(() => kitchenDraftOf(saved));
  const [errors, setErrors] = useState<KitchenErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (change: ShopSettingsUpdate) => putShopSettings(change),
    onSuccess: (settings) => {
      client.setQueryData(SHOP_SETTINGS_KEY, settings);
      // The quote changes with them (the shop_status event says so too).
      void client.invalidateQueries({ queryKey: openingStatusQueryKey });
      showToast('Kitchen settings saved');
    },
    onError: (error) => {
      if (hasErrorCode(error, 'VALIDATION_FAILED') && error.fields) {
        const found: KitchenErrors = {};
        for (const field of KITCHEN_FIELDS) if (error.fields[field]) found[field] = error.fields[field];
        if (Object.keys(found).length > 0) {
          setErrors(found);
          return;
        }
      }
      setRefusal(error instanceof ApiError ? error.message : String(error));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setRefusal(null);
    const read = readKitchenDraft(draft);
    if (read.errors) {
      setErrors(read.errors);
      return;
    }
    const change = changedKitchenSettings(saved, read.settings);
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
      aria-label="Kitchen"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640, mt: 3 }}
    >
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Kitchen
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        What customers are quoted before they order, and how many orders the kitchen takes per 15 minutes.
      </Typography>
      <Stack spacing={3}>
        {KITCHEN_FIELDS.map((field) => {
          const range = KITCHEN_RANGES[field];
          return (
            <TextField
              key={field}
              label={LABELS[field]}
              value={draft[field]}
              onChange={(event) => {
                const value = event.target.value;
                setDraft((current) => ({ ...current, [field]: value }));
                setErrors(({ [field]: _gone, ...rest }) => rest);
                setRefusal(null);
              }}
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
        })}
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
              setDraft(kitchenDraftOf(saved));
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
