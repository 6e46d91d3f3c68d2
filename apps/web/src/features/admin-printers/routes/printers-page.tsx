import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { PrinterWire } from '@shop/shared/contract/printers';
import { LOADING } from '@shop/shared/domain/messages';
import { ConfirmDialog } from '../../../components/back-office/confirm-dialog';
import { Page } from '../../../components/page';
import { hasErrorCode } from '../../../lib/api';
import { usePrinterEvents, usePrinters } from '../../../lib/printers';
import { showToast } from '../../../lib/toast';
import { useDeletePrinter, useEditPrinter, usePrintTestPage } from '../api/printers-api';
import { PrinterFormDialog } from '../components/printer-form-dialog';
import { PRINTER_REFUSALS } from '../lib/printer-form';

const shopTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium', timeStyle: 'short' });

const messageOf = (error: unknown) =>
  hasErrorCode(error, 'PRINTER_NOT_FOUND')
    ? PRINTER_REFUSALS.PRINTER_NOT_FOUND
    : error instanceof Error
      ? error.message
      : 'Something went wrong: try again';

/**
 * A CloudPRNT printer's URL, to type into the printer, with a Copy button; New URL (asked first) makes another, for
 * when the URL was seen by somebody it should not have been: the old one stops working at once.
 */
function CloudPrntUrl({ printer, url }: { printer: PrinterWire; url: string }) {
  const edit = useEditPrinter();
  const [asking, setAsking] = useState(false);
  const renew = () =>
    edit.mutate(
      { id: printer.id, body: { newCloudPrntSecret: true } },
      {
        onSuccess: () => showToast(`New CloudPRNT URL for ${printer.name}: type it into the printer`),
        onError: (error) => showToast(messageOf(error), 'error', 6000),
        onSettled: () => setAsking(false),
      },
    );
  const copy = () => {
    navigator.clipboard.writeText(url).then(
      () => showToast('CloudPRNT URL copied'),
      () => showToast('The browser would not copy: select the URL and copy it', 'warning', 4000),
    );
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mt: 1 }}>
      <TextField
        label="CloudPRNT URL, for the printer’s settings"
        value={url}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, 'aria-label': `CloudPRNT URL of ${printer.name}` }, inputLabel: { shrink: true } }}
        onFocus={(event) => event.target.select()}
      />
      <Button
        variant="outlined"
        startIcon={<ContentCopyIcon />}
        onClick={copy}
        sx={{ flexShrink: 0 }}
        aria-label={`Copy the CloudPRNT URL of ${printer.name}`}
      >
        Copy
      </Button>
      <Button onClick={() => setAsking(true)} sx={{ flexShrink: 0 }} aria-label={`New CloudPRNT URL for ${printer.name}`}>
        New URL
      </Button>
      <ConfirmDialog
        open={asking}
        question={`New CloudPRNT URL for ${printer.name}?`}
        detail="The printer stops printing until the new URL is typed into its CloudPRNT settings. Do this if the URL was seen by somebody it should not have been."
        confirmLabel="Make a new URL"
        busy={edit.isPending}
        onConfirm={renew}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function ticketsText(printer: PrinterWire): string {
  const { kitchen, customer } = printer.tickets;
  if (kitchen && customer) return 'Kitchen ticket and customer copy';
  if (kitchen) return 'Kitchen ticket';
  if (customer) return 'Customer copy';
  return 'None (it prints only test pages)';
}

function PrinterCard({ printer, onEdit, onDelete }: { printer: PrinterWire; onEdit: () => void; onDelete: () => void }) {
  const test = usePrintTestPage();
  const { status, connection } = printer;
  const headingId = `printer-${printer.id}`;
  const printTest = () =>
    test.mutate(printer.id, {
      onSuccess: () => showToast(`Test page sent to ${printer.name}`),
      onError: (error) => showToast(messageOf(error), 'error', 6000),
    });
  return (
    <Paper component="li" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 }, listStyle: 'none', minWidth: 0 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
          {printer.name}
        </Typography>
        <Chip
          size="small"
          label={status.online ? 'Online' : 'Offline'}
          color={status.online ? 'success' : 'default'}
          variant={status.online ? 'filled' : 'outlined'}
        />
      </Stack>
      {/* Online only when it answered (domain/printer-status.ts); offline says why, where the badge is. */}
      {!status.online && status.lastError && (
        <Typography color="error" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="printer-offline-reason">
          Not answering: {status.lastError}
        </Typography>
      )}
      <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {connection.kind === 'tcp' ? `Network printer ${connection.host}:${connection.port}` : 'Star CloudPRNT'} · {printer.paperWidth} mm ·{' '}
        {printer.copies === 1 ? '1 copy' : `${printer.copies} copies`} · {ticketsText(printer)}
      </Typography>
      {connection.kind === 'cloudprnt' && <CloudPrntUrl printer={printer} url={connection.serverUrl} />}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))' }, gap: 1.5, my: 2 }}
      >
        <Detail label="Last seen">{status.lastSeenAt ? shopTime.format(new Date(status.lastSeenAt)) : 'Never yet'}</Detail>
        <Detail label="Jobs waiting">{status.jobsWaiting}</Detail>
        <Detail label="Last error">{status.lastError ?? 'None'}</Detail>
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={printTest} disabled={test.isPending}>
          Print test page
        </Button>
        <Button variant="outlined" onClick={onEdit}>
          Edit
        </Button>
        <Button color="error" onClick={onDelete}>
          Delete
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * /printers: the shop's receipt printers (decision 1201): each with online or not, when it was last seen,
 * its jobs waiting and its last error, kept current by `printers_changed`; add, change, delete (asked first) and a
 * test page. One column of cards, so a 390 px phone never scrolls sideways.
 */
export function PrintersPage() {
  const printers = usePrinters();
  usePrinterEvents();
  const remove = useDeletePrinter();
  const [form, setForm] = useState<{ editing: PrinterWire | null } | null>(null);
  const [deleting, setDeleting] = useState<PrinterWire | null>(null);
  const list = printers.data?.printers;

  const confirmDelete = () => {
    if (!deleting) return;
    const { id, name } = deleting;
    remove.mutate(id, {
      onSuccess: () => showToast(`Printer ${name} deleted`),
      onError: (error) => showToast(messageOf(error), 'error', 6000),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Page
      title="Printers"
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setForm({ editing: null })}>
          Add a printer
        </Button>
      }
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Tickets print by themselves when an order is accepted. A network printer must be on the same network as the shop’s server; a Star
        CloudPRNT printer can be anywhere with internet.
      </Typography>
      {printers.isPending && <Typography>{LOADING}</Typography>}
      {printers.isError && <Alert severity="error">{messageOf(printers.error)}</Alert>}
      {list?.length === 0 && (
        <Alert severity="info">
          No printer is set up yet: tickets print only from the browser, on each order’s page. Add the kitchen’s printer.
        </Alert>
      )}
      {list && list.length > 0 && (
        <Stack component="ul" aria-label="Printers" spacing={2} sx={{ m: 0, p: 0 }}>
          {list.map((printer) => (
            <PrinterCard
              key={printer.id}
              printer={printer}
              onEdit={() => setForm({ editing: printer })}
              onDelete={() => setDeleting(printer)}
            />
          ))}
        </Stack>
      )}
      {form && <PrinterFormDialog editing={form.editing} onClose={() => setForm(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        question={`Delete printer ${deleting?.name ?? ''}?`}
        detail="Its tickets waiting to print are dropped. Orders still print on the other printers."
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Page>
  );
}
