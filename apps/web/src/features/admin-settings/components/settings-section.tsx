import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ShopSettingsUpdate, ShopSettingsWire } from '@shop/shared/contract/settings';
import { ApiError, hasErrorCode } from '../../../lib/api';
import { putShopSettings, SHOP_SETTINGS_KEY } from '../../../lib/shop-settings';
import { showToast } from '../../../lib/toast';

/** What a section's fields are checked into: the settings to send, or the message under each field that is wrong. */
export type DraftReading<Settings, Field extends string> =
  { settings: Settings; errors: null } | { settings: null; errors: Partial<Record<Field, string>> };

/** What a section hands its fields to draw: the draft, the messages, and how to change a field. */
export interface SectionFields<Draft, Field extends string> {
  draft: Draft;
  errors: Partial<Record<Field, string>>;
  edit<K extends keyof Draft>(field: K, value: Draft[K]): void;
}

export interface SettingsSectionProps<Draft, Settings, Field extends string> {
  /** The form's accessible name ('Order timers', 'Kitchen', 'The shop'). */
  label: string;
  title: string;
  intro: ReactNode;
  saved: ShopSettingsWire;
  draftOf(saved: ShopSettingsWire): Draft;
  /** Checks the draft as the server checks it. */
  read(draft: Draft): DraftReading<Settings, Field>;
  /** Only the fields that differ from what the shop has; null when nothing does. */
  changed(saved: ShopSettingsWire, wanted: Settings): ShopSettingsUpdate | null;
  /** The section's fields, by the names the server's refusals use. */
  fields: readonly Field[];
  savedMessage: string;
  /** A word of warning about what the draft asks for (it may still be saved). */
  warning?(settings: Settings): string | null;
  /** After a save, e.g. ask again what the settings move. */
  onSaved?(client: QueryClient): void;
  children(fields: SectionFields<Draft, Field>): ReactNode;
  first?: boolean;
}

/**
 * One section of the settings screen: its fields (drawn by the section), checked as the server checks them, and the
 * one way every section saves: PUT /api/shop-settings with only what changed, the server's field messages under
 * their fields, anything else above Save, and Reset back to what the shop has.
 */
export function SettingsSection<Draft, Settings, Field extends string>(props: SettingsSectionProps<Draft, Settings, Field>) {
  const { saved, draftOf, read, changed, fields } = props;
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (change: ShopSettingsUpdate) => putShopSettings(change),
    onSuccess: (settings) => {
      client.setQueryData(SHOP_SETTINGS_KEY, settings);
      setDraft(draftOf(settings));
      props.onSaved?.(client);
      showToast(props.savedMessage);
    },
    onError: (error) => {
      if (hasErrorCode(error, 'VALIDATION_FAILED') && error.fields) {
        const found: Partial<Record<Field, string>> = {};
        for (const field of fields) {
          const message = error.fields[field];
          if (message) found[field] = message;
        }
        if (Object.keys(found).length > 0) {
          setErrors(found);
          return;
        }
      }
      setRefusal(error instanceof ApiError ? error.message : String(error));
    },
  });
  const reading = read(draft);
  const warning = reading.settings && props.warning ? props.warning(reading.settings) : null;

  function edit<K extends keyof Draft>(field: K, value: Draft[K]) {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      const rest = { ...current };
      delete rest[field as unknown as Field];
      return rest;
    });
    setRefusal(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setRefusal(null);
    if (reading.errors) {
      setErrors(reading.errors);
      return;
    }
    const change = changed(saved, reading.settings as Settings);
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
      aria-label={props.label}
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640, mt: props.first ? 0 : 3 }}
    >
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {props.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {props.intro}
      </Typography>
      <Stack spacing={3}>
        {props.children({ draft, errors, edit })}
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
