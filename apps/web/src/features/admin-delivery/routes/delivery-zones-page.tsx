import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import visuallyHidden from '@mui/utils/visuallyHidden';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { DeliveryZoneWire } from '@shop/shared/contract/delivery';
import { parseUkPostcode } from '@shop/shared/domain/delivery-zones';
import { LOADING } from '@shop/shared/domain/messages';
import { formatPounds, poundsToPence } from '@shop/shared/domain/money';
import { Page } from '../../../components/page';
import { useAddZone, useDeliveryZones, useEditZone, useRemoveZone, useSetShopPostcode } from '../api/delivery-zones-api';
import { draftOfZone, EMPTY_ZONE, readZoneDraft, type ZoneDraft, type ZoneErrors } from '../lib/zone-form';

const pounds = (value: number) => formatPounds(poundsToPence(value) ?? 0);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong: try again');

/** While the shop's post code is not set: every post code is taken for nothing, and this asks for it. */
function ShopPostcodeForm() {
  const save = useSetShopPostcode();
  const [postcode, setPostcode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseUkPostcode(postcode);
    if (!parsed) {
      setError('Enter the shop’s UK post code, such as BS1 4DJ');
      return;
    }
    setError(null);
    save.mutate(parsed.postcode);
  };
  return (
    <Paper component="form" aria-label="The shop’s post code" onSubmit={submit} variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Alert severity="warning" sx={{ mb: 2 }}>
        The shop’s post code is not set, so every UK post code is taken online with no delivery fee. Set it to deliver by zones: the shop’s
        own district becomes a free zone, and you can add others with their fees.
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="flex-start">
        <TextField
          label="The shop’s post code"
          value={postcode}
          onChange={(event) => setPostcode(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? 'Such as BS1 4DJ'}
          slotProps={{ htmlInput: { maxLength: 10, autoComplete: 'postal-code' } }}
        />
        <Button type="submit" variant="contained" disabled={save.isPending} sx={{ mt: 1 }}>
          Set post code
        </Button>
      </Stack>
      {save.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {messageOf(save.error)}
        </Alert>
      )}
    </Paper>
  );
}

/** Adds a zone, or edits the one chosen. */
function ZoneForm({ editing, onDone }: { editing: DeliveryZoneWire | null; onDone: () => void }) {
  const add = useAddZone();
  const edit = useEditZone();
  const [draft, setDraft] = useState<ZoneDraft>(editing ? draftOfZone(editing) : EMPTY_ZONE);
  const [errors, setErrors] = useState<ZoneErrors>({});
  const [saved, setSaved] = useState<string | null>(null);
  const saving = add.isPending || edit.isPending;
  const failure = editing ? edit.error : add.error;
  const set = (field: keyof ZoneDraft, value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readZoneDraft(draft);
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    setSaved(null);
    const done = (zone: DeliveryZoneWire) => {
      setSaved(`${zone.code} saved: ${pounds(zone.fee)} delivery, ${pounds(zone.minimumOrder)} minimum order`);
      setDraft(EMPTY_ZONE);
      onDone();
    };
    if (editing) edit.mutate({ id: editing._id, body: read.body }, { onSuccess: done });
    else add.mutate(read.body, { onSuccess: done });
  };
  return (
    <Paper
      component="form"
      aria-label={editing ? `Change zone ${editing.code}` : 'Add a zone'}
      onSubmit={submit}
      variant="outlined"
      sx={{ p: 2 }}
    >
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {editing ? `Change zone ${editing.code}` : 'Add a zone'}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start">
        <TextField
          label="Zone"
          value={draft.code}
          onChange={(event) => set('code', event.target.value)}
          error={Boolean(errors.code)}
          helperText={errors.code ?? 'A district (BS6) or a sector (BS6 5)'}
          slotProps={{ htmlInput: { maxLength: 12 } }}
        />
        <TextField
          label="Delivery fee (£)"
          value={draft.fee}
          onChange={(event) => set('fee', event.target.value)}
          error={Boolean(errors.fee)}
          helperText={errors.fee ?? '0 for free delivery'}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 8 } }}
        />
        <TextField
          label="Minimum order (£)"
          value={draft.minimumOrder}
          onChange={(event) => set('minimumOrder', event.target.value)}
          error={Boolean(errors.minimumOrder)}
          helperText={errors.minimumOrder ?? 'The food’s total before the fee; 0 for none'}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 8 } }}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button type="submit" variant="contained" disabled={saving}>
            {editing ? 'Save zone' : 'Add zone'}
          </Button>
          {editing && (
            <Button onClick={onDone} disabled={saving}>
              Cancel
            </Button>
          )}
        </Stack>
      </Stack>
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {messageOf(failure)}
        </Alert>
      )}
      {saved && !failure && (
        <Alert severity="success" sx={{ mt: 2 }}>
          {saved}
        </Alert>
      )}
    </Paper>
  );
}

/** The back office's Delivery zones screen (decision 1001). */
export function DeliveryZonesPage() {
  const zones = useDeliveryZones();
  const remove = useRemoveZone();
  const [editing, setEditing] = useState<DeliveryZoneWire | null>(null);
  const data = zones.data;
  return (
    <Page title="Delivery zones">
      {zones.isPending && <Typography>{LOADING}</Typography>}
      {zones.isError && <Alert severity="error">{messageOf(zones.error)}</Alert>}
      {data && data.shopPostcode === null && <ShopPostcodeForm />}
      {data && data.shopPostcode !== null && (
        <>
          <Typography sx={{ mb: 2 }}>
            The shop’s post code is <strong>{data.shopPostcode}</strong>. Online orders are delivered only to these zones; an address
            anywhere else is asked to call the shop. Where a sector and its district are both zones, the sector’s fee applies.
          </Typography>
          {/* Positioned, so the visually hidden 'Actions' heading stays inside the frame that scrolls (on a phone it
              otherwise widened the page), and tighter cells so the zones fit a 390 px screen. */}
          <TableContainer component={Paper} variant="outlined" sx={{ mb: 3, position: 'relative' }}>
            <Table size="small" aria-label="Delivery zones" sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
              <TableHead>
                <TableRow>
                  <TableCell>Zone</TableCell>
                  <TableCell align="right">Delivery fee</TableCell>
                  <TableCell align="right">Minimum order</TableCell>
                  <TableCell align="right">
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.zones.map((zone) => (
                  <TableRow key={zone._id}>
                    <TableCell component="th" scope="row">
                      {zone.code}
                    </TableCell>
                    <TableCell align="right">{zone.fee === 0 ? 'Free' : pounds(zone.fee)}</TableCell>
                    <TableCell align="right">{zone.minimumOrder === 0 ? 'None' : pounds(zone.minimumOrder)}</TableCell>
                    <TableCell align="right">
                      <Stack direction="row" spacing={1} justifyContent="flex-end">
                        <Button size="small" onClick={() => setEditing(zone)} aria-label={`Change ${zone.code}`}>
                          Change
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          disabled={remove.isPending}
                          onClick={() => remove.mutate(zone._id)}
                          aria-label={`Remove ${zone.code}`}
                        >
                          Remove
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {remove.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {messageOf(remove.error)}
            </Alert>
          )}
          <ZoneForm key={editing?._id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
        </>
      )}
    </Page>
  );
}
