import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShopSettingsWire } from '@shop/shared/contract/settings';
import { LOADING } from '@shop/shared/domain/messages';
import type { OpeningHours } from '@shop/shared/domain/opening-hours';
import { Page } from '../../../components/page';
import { api, ApiError } from '../../../lib/api';
import { openingHoursQueryKey, useOpeningHours } from '../../../lib/opening-hours';
import { openingStatusQueryKey } from '../../../lib/opening-status';
import { useShopSettings } from '../../../lib/shop-settings';
import { showToast } from '../../../lib/toast';
import { SettingsSection } from '../components/settings-section';
import {
  changedMinimums,
  hoursDraftOf,
  MINIMUM_FIELDS,
  minimumDraftOf,
  newSession,
  readHoursDraft,
  readMinimumDraft,
  rowKey,
  WEEK,
  type FulfilmentChoice,
  type HoursDraft,
  type HoursErrors,
  type SessionDraft,
  type SpecialDraft,
} from '../lib/hours-form';

const FULFILMENT_LABELS: Record<FulfilmentChoice, string> = {
  both: 'Delivery and collection',
  delivery: 'Delivery only',
  collection: 'Collection only',
};
const timeInput = { inputLabel: { shrink: true } } as const;

function SessionRow(props: {
  session: SessionDraft;
  error?: string;
  onChange(session: SessionDraft): void;
  onRemove(): void;
  dayName: string;
}) {
  const { session, onChange } = props;
  return (
    <Box role="group" aria-label={`${props.dayName} ${session.opens} to ${session.closes}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
        <TextField
          type="time"
          label="Opens"
          size="small"
          value={session.opens}
          onChange={(event) => onChange({ ...session, opens: event.target.value })}
          slotProps={timeInput}
        />
        <TextField
          type="time"
          label="Closes"
          size="small"
          value={session.closes}
          onChange={(event) => onChange({ ...session, closes: event.target.value })}
          slotProps={timeInput}
        />
        <TextField
          select
          label="For"
          size="small"
          value={session.fulfilment}
          onChange={(event) => onChange({ ...session, fulfilment: event.target.value as FulfilmentChoice })}
          sx={{ minWidth: 210 }}
        >
          {(Object.keys(FULFILMENT_LABELS) as FulfilmentChoice[]).map((choice) => (
            <MenuItem key={choice} value={choice}>
              {FULFILMENT_LABELS[choice]}
            </MenuItem>
          ))}
        </TextField>
        <IconButton aria-label={`Remove ${props.dayName}'s session ${session.opens} to ${session.closes}`} onClick={props.onRemove}>
          <DeleteIcon />
        </IconButton>
      </Stack>
      {props.error && (
        <Typography color="error" variant="body2" role="alert" sx={{ mt: 0.5 }}>
          {props.error}
        </Typography>
      )}
    </Box>
  );
}

function SpecialDayRow(props: { special: SpecialDraft; error?: string; onChange(special: SpecialDraft): void; onRemove(): void }) {
  const { special, onChange } = props;
  return (
    <Box role="group" aria-label={`Special day ${special.date || 'without a date'}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
        <TextField
          type="date"
          label="Date"
          size="small"
          value={special.date}
          onChange={(event) => onChange({ ...special, date: event.target.value })}
          slotProps={timeInput}
        />
        <TextField
          select
          label="That day"
          size="small"
          value={special.kind}
          onChange={(event) => onChange({ ...special, kind: event.target.value as SpecialDraft['kind'] })}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="closed">Closed</MenuItem>
          <MenuItem value="hours">Other hours</MenuItem>
        </TextField>
        {special.kind === 'hours' && (
          <>
            <TextField
              type="time"
              label="Opens"
              size="small"
              value={special.opens}
              onChange={(event) => onChange({ ...special, opens: event.target.value })}
              slotProps={timeInput}
            />
            <TextField
              type="time"
              label="Closes"
              size="small"
              value={special.closes}
              onChange={(event) => onChange({ ...special, closes: event.target.value })}
              slotProps={timeInput}
            />
          </>
        )}
        <IconButton aria-label={`Remove the special day ${special.date}`} onClick={props.onRemove}>
          <DeleteIcon />
        </IconButton>
      </Stack>
      {props.error && (
        <Typography color="error" variant="body2" role="alert" sx={{ mt: 0.5 }}>
          {props.error}
        </Typography>
      )}
    </Box>
  );
}

/** The week, the special days and the cut-off, saved whole with PUT /api/opening-hours. */
function OpeningHoursForm({ saved }: { saved: OpeningHours }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<HoursDraft>(() => hoursDraftOf(saved));
  const [errors, setErrors] = useState<HoursErrors>({});
  const save = useMutation({
    mutationFn: (hours: OpeningHours) => api.put<OpeningHours>('/opening-hours', hours),
    onSuccess: (hours) => {
      client.setQueryData(openingHoursQueryKey, hours);
      void client.invalidateQueries({ queryKey: openingStatusQueryKey });
      setDraft(hoursDraftOf(hours));
      showToast('Opening hours saved');
    },
    onError: (error) => setErrors({ form: error instanceof ApiError ? error.message : String(error) }),
  });

  const change = (next: HoursDraft) => {
    setDraft(next);
    setErrors({});
  };
  const setSession = (session: SessionDraft) =>
    change({ ...draft, sessions: draft.sessions.map((s) => (s.key === session.key ? session : s)) });
  const setSpecial = (special: SpecialDraft) =>
    change({ ...draft, specialDays: draft.specialDays.map((s) => (s.key === special.key ? special : s)) });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const read = readHoursDraft(draft);
    if (read.errors) {
      setErrors(read.errors);
      return;
    }
    save.mutate(read.hours);
  }

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={submit}
      variant="outlined"
      aria-label="Opening hours"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}
    >
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Opening hours
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        One or more sessions a day. A session that closes at or before it opens runs past midnight and belongs to the day it opened.
        Customers, checkout and every order follow a save at once.
      </Typography>
      <Stack spacing={3}>
        {WEEK.map(({ day, name }) => {
          const sessions = draft.sessions.filter((session) => session.day === day);
          return (
            <Box key={day} component="section" aria-label={name}>
              <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
                {name}
              </Typography>
              <Stack spacing={1.5}>
                {sessions.length === 0 && <Typography color="text.secondary">Closed</Typography>}
                {sessions.map((session) => (
                  <SessionRow
                    key={session.key}
                    dayName={name}
                    session={session}
                    error={errors[session.key]}
                    onChange={setSession}
                    onRemove={() => change({ ...draft, sessions: draft.sessions.filter((s) => s.key !== session.key) })}
                  />
                ))}
                <div>
                  <Button size="small" onClick={() => change({ ...draft, sessions: [...draft.sessions, newSession(draft, day)] })}>
                    Add a session on {name}
                  </Button>
                </div>
              </Stack>
            </Box>
          );
        })}
        <Box component="section" aria-label="Special days">
          <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
            Special days
          </Typography>
          <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
            A date closed (25 December) or with other hours (31 December until 02:00) in place of its weekday’s. Customers are told a
            fortnight ahead.
          </Typography>
          <Stack spacing={1.5}>
            {draft.specialDays.map((special) => (
              <SpecialDayRow
                key={special.key}
                special={special}
                error={errors[special.key]}
                onChange={setSpecial}
                onRemove={() => change({ ...draft, specialDays: draft.specialDays.filter((s) => s.key !== special.key) })}
              />
            ))}
            <div>
              <Button
                size="small"
                onClick={() =>
                  change({
                    ...draft,
                    specialDays: [...draft.specialDays, { key: rowKey(), date: '', kind: 'closed', opens: '12:00', closes: '23:00' }],
                  })
                }
              >
                Add a date
              </Button>
            </div>
          </Stack>
        </Box>
        <TextField
          label="Stop taking orders before closing"
          value={draft.cutoff}
          onChange={(event) => change({ ...draft, cutoff: event.target.value })}
          error={Boolean(errors.cutoff)}
          helperText={errors.cutoff ?? '0 to 120 minutes; the spec’s is 15.'}
          slotProps={{ input: { endAdornment: <InputAdornment position="end">min</InputAdornment> }, htmlInput: { inputMode: 'numeric' } }}
          sx={{ maxWidth: 360 }}
        />
        {errors.form && (
          <Alert severity="error" role="alert">
            {errors.form}
          </Alert>
        )}
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save
          </Button>
          <Button type="button" variant="outlined" disabled={save.isPending} onClick={() => change(hoursDraftOf(saved))}>
            Reset
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

const MINIMUM_LABELS = { delivery: 'Minimum order for delivery', collection: 'Minimum order for collection' } as const;

/** The two minimums, saved with PUT /api/shop-settings (a delivery zone's larger minimum still applies). */
function MinimumOrderForm({ saved }: { saved: ShopSettingsWire }) {
  return (
    <SettingsSection
      label="Minimum order"
      title="Minimum order"
      intro="The food’s total before any delivery fee. A delivery zone with a larger minimum keeps its own."
      saved={saved}
      draftOf={minimumDraftOf}
      read={readMinimumDraft}
      changed={changedMinimums}
      fields={MINIMUM_FIELDS}
      savedMessage="Minimum order saved"
    >
      {({ draft, errors, edit }) => (
        <>
          {MINIMUM_FIELDS.map((field) => (
            <TextField
              key={field}
              label={MINIMUM_LABELS[field]}
              value={draft[field]}
              onChange={(event) => edit(field, event.target.value)}
              error={Boolean(errors[field])}
              helperText={errors[field] ?? 'Pounds; 0 for none.'}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
                htmlInput: { inputMode: 'decimal' },
              }}
              sx={{ maxWidth: 360 }}
            />
          ))}
        </>
      )}
    </SettingsSection>
  );
}

/** /opening-hours: the owner's hours, special days, cut-off and the minimum order per fulfilment (decision 1400). */
export function OpeningHoursPage() {
  const hours = useOpeningHours();
  const settings = useShopSettings();
  const failed = hours.error ?? settings.error;
  return (
    <Page title="Opening hours">
      {failed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failed.message}
        </Alert>
      )}
      {(hours.isPending || settings.isPending) && <Typography>{LOADING}</Typography>}
      {hours.data && <OpeningHoursForm key={JSON.stringify(hours.data)} saved={hours.data} />}
      {settings.data && <MinimumOrderForm key={JSON.stringify(settings.data.minimumOrder)} saved={settings.data} />}
    </Page>
  );
}
