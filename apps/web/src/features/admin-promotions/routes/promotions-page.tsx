import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useState, type FormEvent } from 'react';
import type { PromotionWire } from '@shop/shared/contract/promotions';
import { LOADING } from '@shop/shared/domain/messages';
import { formatPounds, poundsToPence } from '@shop/shared/domain/money';
import type { OrderChannel } from '@shop/shared/domain/order-channel';
import { scheduleText, type PromotionKind } from '@shop/shared/domain/promotions';
import { Page } from '../../../components/page';
import { useCategories, useProducts } from '../../../lib/menu-queries';
import { useArchivePromotion, usePromotions, useSavePromotion } from '../api/promotions-api';
import { bodyOfDraft, draftOfPromotion, EMPTY_PROMOTION, type PromotionDraft } from '../lib/promotion-form';

const pounds = (value: number) => formatPounds(poundsToPence(value) ?? 0);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong: try again');

const KIND_LABELS: Record<PromotionKind, string> = {
  percent: 'A percentage off',
  amount: 'An amount off',
  'free-delivery': 'Free delivery',
};
const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const CHANNEL_LABELS: Record<OrderChannel, string> = {
  web: 'Website (account)',
  guest: 'Website (guest)',
  phone: 'Phone',
  counter: 'Counter',
};

/** What it takes off, in the list: '10% off', '£2.00 off Pizzas', 'Free delivery'. */
function offerText(promotion: PromotionWire, titleOf: (id: string) => string): string {
  if (promotion.kind === 'free-delivery') return 'Free delivery';
  const what = promotion.kind === 'percent' ? `${promotion.value}% off` : `${pounds(promotion.value)} off`;
  const { target } = promotion;
  return target.on === 'order' ? what : `${what} ${target.on === 'category' ? target.category : titleOf(target.productId)}`;
}

/** Its conditions and limits in a line: 'From £20.00 · Monday to Thursday, 17:00 to 21:00 · 1 per customer'. */
function conditionsText(promotion: PromotionWire): string {
  const { conditions, limits } = promotion;
  const parts = [
    conditions.minSpend > 0 ? `From ${pounds(conditions.minSpend)}` : null,
    conditions.firstOrder ? 'First order' : null,
    conditions.days || conditions.hours ? scheduleText(conditions) : null,
    conditions.fulfilment ? `${conditions.fulfilment === 'delivery' ? 'Delivery' : 'Collection'} only` : null,
    conditions.channels ? conditions.channels.map((channel) => CHANNEL_LABELS[channel]).join(', ') : null,
    conditions.startsAt ? `From ${new Date(conditions.startsAt).toLocaleString('en-GB')}` : null,
    conditions.endsAt ? `Until ${new Date(conditions.endsAt).toLocaleString('en-GB')}` : null,
    limits.perCustomer !== null ? `${limits.perCustomer} per customer` : null,
    limits.total !== null ? `${limits.total} in all` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'Every order';
}

/** Adds a promotion, or changes the one chosen. */
function PromotionForm({ editing, onDone }: { editing: PromotionWire | null; onDone: () => void }) {
  const save = useSavePromotion();
  const categories = useCategories();
  const products = useProducts();
  const [draft, setDraft] = useState<PromotionDraft>(editing ? draftOfPromotion(editing) : EMPTY_PROMOTION);
  const [saved, setSaved] = useState<string | null>(null);
  const set = <K extends keyof PromotionDraft>(field: K, value: PromotionDraft[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const toggle = <T,>(list: T[], item: T) => (list.includes(item) ? list.filter((each) => each !== item) : [...list, item]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    save.mutate(
      { id: editing?._id ?? null, body: bodyOfDraft(draft) },
      {
        onSuccess: (promotion) => {
          setSaved(`${promotion.code ?? promotion.name} saved`);
          setDraft(EMPTY_PROMOTION);
          onDone();
        },
      },
    );
  };
  const title = editing ? `Change ${editing.code ?? editing.name}` : 'Add a promotion';
  return (
    <Paper component="form" aria-label={title} onSubmit={submit} variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            label="Name"
            value={draft.name}
            onChange={(event) => set('name', event.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <TextField
            label="Code"
            value={draft.code}
            onChange={(event) => set('code', event.target.value)}
            helperText="Such as PIZZA10; leave empty for an offer that applies by itself"
            slotProps={{ htmlInput: { maxLength: 32 } }}
          />
          <FormControlLabel
            control={<Checkbox checked={draft.active} onChange={(event) => set('active', event.target.checked)} />}
            label="Running"
          />
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            select
            label="What it gives"
            value={draft.kind}
            onChange={(event) => set('kind', event.target.value as PromotionKind)}
            sx={{ minWidth: 200 }}
          >
            {(Object.keys(KIND_LABELS) as PromotionKind[]).map((kind) => (
              <MenuItem key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </MenuItem>
            ))}
          </TextField>
          {draft.kind !== 'free-delivery' && (
            <>
              <TextField
                label={draft.kind === 'percent' ? 'Percent off' : 'Amount off (£)'}
                value={draft.value}
                onChange={(event) => set('value', event.target.value)}
                slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 8 } }}
              />
              <TextField
                select
                label="Off"
                value={draft.target}
                onChange={(event) => set('target', event.target.value as PromotionDraft['target'])}
                sx={{ minWidth: 180 }}
              >
                <MenuItem value="order">The whole order</MenuItem>
                <MenuItem value="category">One category</MenuItem>
                <MenuItem value="product">One product</MenuItem>
              </TextField>
              {draft.target === 'category' && (
                <TextField
                  select
                  label="Category"
                  value={draft.category}
                  onChange={(event) => set('category', event.target.value)}
                  sx={{ minWidth: 180 }}
                >
                  {(categories.data ?? []).map((category) => (
                    <MenuItem key={category._id} value={category.categoriName}>
                      {category.categoriName}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              {draft.target === 'product' && (
                <TextField
                  select
                  label="Product"
                  value={draft.productId}
                  onChange={(event) => set('productId', event.target.value)}
                  sx={{ minWidth: 200 }}
                >
                  {(products.data ?? []).map((product) => (
                    <MenuItem key={product._id} value={product._id}>
                      {product.title}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </>
          )}
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start">
          <TextField
            label="Minimum spend (£)"
            value={draft.minSpend}
            onChange={(event) => set('minSpend', event.target.value)}
            helperText="Food before the delivery fee; empty for none"
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 8 } }}
          />
          <TextField
            select
            label="For"
            value={draft.fulfilment}
            onChange={(event) => set('fulfilment', event.target.value as PromotionDraft['fulfilment'])}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">Delivery and collection</MenuItem>
            <MenuItem value="delivery">Delivery only</MenuItem>
            <MenuItem value="collection">Collection only</MenuItem>
          </TextField>
          <FormControlLabel
            control={<Checkbox checked={draft.firstOrder} onChange={(event) => set('firstOrder', event.target.checked)} />}
            label="First order only"
          />
        </Stack>
        <Box>
          <FormLabel component="legend">Days (none: every day)</FormLabel>
          <FormGroup row>
            {DAYS.map((day, index) => (
              <FormControlLabel
                key={day}
                control={
                  <Checkbox checked={draft.days.includes(index + 1)} onChange={() => set('days', toggle(draft.days, index + 1).sort())} />
                }
                label={day}
              />
            ))}
          </FormGroup>
        </Box>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            label="From (time)"
            type="time"
            value={draft.from}
            onChange={(event) => set('from', event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="Until (time)"
            type="time"
            value={draft.until}
            onChange={(event) => set('until', event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="Starts"
            type="datetime-local"
            value={draft.startsAt}
            onChange={(event) => set('startsAt', event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="Ends"
            type="datetime-local"
            value={draft.endsAt}
            onChange={(event) => set('endsAt', event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        <Box>
          <FormLabel component="legend">Channels (none: all)</FormLabel>
          <FormGroup row>
            {(Object.keys(CHANNEL_LABELS) as OrderChannel[]).map((channel) => (
              <FormControlLabel
                key={channel}
                control={
                  <Checkbox checked={draft.channels.includes(channel)} onChange={() => set('channels', toggle(draft.channels, channel))} />
                }
                label={CHANNEL_LABELS[channel]}
              />
            ))}
          </FormGroup>
        </Box>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            label="Uses per customer"
            value={draft.perCustomer}
            onChange={(event) => set('perCustomer', event.target.value)}
            helperText="Empty for no limit"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
          <TextField
            label="Uses in all"
            value={draft.total}
            onChange={(event) => set('total', event.target.value)}
            helperText="Empty for no limit"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
          />
        </Stack>
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {editing ? 'Save promotion' : 'Add promotion'}
          </Button>
          {editing && (
            <Button onClick={onDone} disabled={save.isPending}>
              Cancel
            </Button>
          )}
        </Stack>
      </Stack>
      {save.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {messageOf(save.error)}
        </Alert>
      )}
      {saved && !save.isError && (
        <Alert severity="success" sx={{ mt: 2 }}>
          {saved}
        </Alert>
      )}
    </Paper>
  );
}

/** The back office's Promotions screen (decision 1600): the codes and automatic offers, their uses, the form. */
export function PromotionsPage() {
  const promotions = usePromotions();
  const products = useProducts();
  const archive = useArchivePromotion();
  const [editing, setEditing] = useState<PromotionWire | null>(null);
  const titleOf = (id: string) => products.data?.find((product) => product._id === id)?.title ?? 'one product';
  return (
    <Page title="Promotions">
      <Typography sx={{ mb: 2 }}>
        A code is typed by the customer at checkout; an offer without a code applies by itself when its conditions hold. An order gets its
        code and at most the best offer.
      </Typography>
      {promotions.isPending && <Typography>{LOADING}</Typography>}
      {promotions.isError && <Alert severity="error">{messageOf(promotions.error)}</Alert>}
      {promotions.data && (
        <TableContainer component={Paper} variant="outlined" sx={{ mb: 3, position: 'relative' }}>
          <Table size="small" aria-label="Promotions">
            <TableHead>
              <TableRow>
                <TableCell>Promotion</TableCell>
                <TableCell>Offer</TableCell>
                <TableCell>Conditions</TableCell>
                <TableCell align="right">Uses</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {promotions.data.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6}>No promotions yet.</TableCell>
                </TableRow>
              )}
              {promotions.data.map((promotion) => {
                const name = promotion.code ?? promotion.name;
                return (
                  <TableRow key={promotion._id}>
                    <TableCell component="th" scope="row">
                      <strong>{promotion.code ?? 'Automatic'}</strong> {promotion.name}
                    </TableCell>
                    <TableCell>{offerText(promotion, titleOf)}</TableCell>
                    <TableCell>{conditionsText(promotion)}</TableCell>
                    <TableCell align="right">
                      {promotion.uses}
                      {promotion.discounted > 0 ? ` (${pounds(promotion.discounted)} off)` : ''}
                    </TableCell>
                    <TableCell>{promotion.active ? 'Running' : 'Paused'}</TableCell>
                    <TableCell align="right">
                      <Stack direction="row" spacing={1} justifyContent="flex-end">
                        <Button size="small" onClick={() => setEditing(promotion)} aria-label={`Change ${name}`}>
                          Change
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          disabled={archive.isPending}
                          onClick={() => archive.mutate(promotion._id)}
                          aria-label={`Archive ${name}`}
                        >
                          Archive
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {archive.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {messageOf(archive.error)}
        </Alert>
      )}
      <PromotionForm key={editing?._id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
    </Page>
  );
}
