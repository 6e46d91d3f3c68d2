import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { OrderWire } from '@shop/shared/contract/orders';
import type { PaperWidth, PrintJobStatus, PrintJobWire, TicketKind } from '@shop/shared/contract/printers';
import { LOADING } from '@shop/shared/domain/messages';
import { paths } from '../../../lib/paths';
import { usePrinterEvents, useOrderPrintJobs } from '../../../lib/printers';
import { useTicketPreview } from '../api/ticket-api';
import { KitchenTicket } from './kitchen-ticket';

const shopTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeStyle: 'short', dateStyle: 'short' });

const STATUS_WORDS: Record<PrintJobStatus, { label: string; color: 'default' | 'info' | 'success' | 'error' }> = {
  queued: { label: 'Waiting', color: 'info' },
  sending: { label: 'Sending', color: 'info' },
  printed: { label: 'Printed', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};
const REASON_WORDS: Record<PrintJobWire['reason'], string> = { accept: 'On accept', reprint: 'Reprint', test: 'Test page' };
const KIND_WORDS: Record<TicketKind, string> = { kitchen: 'Kitchen ticket', customer: 'Customer copy' };

/** What changes the ticket: the preview is asked again when one of these does. */
const ticketVersion = (order: OrderWire) =>
  [order.status, order.expectedTime ?? '', order.paymentStatus, order.refundedTotal, order.statusHistory.length].join('|');

/** The SVG as an image (never put into the page as markup: it carries the customer's words). */
const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

function PrintJobs({ orderId }: { orderId: string }) {
  const jobs = useOrderPrintJobs(orderId);
  const list = jobs.data?.jobs;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="order-print-jobs" sx={{ p: { xs: 2, sm: 2.5 }, height: '100%' }}>
      <Typography id="order-print-jobs" variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        Print jobs
      </Typography>
      {jobs.isPending && <Typography>{LOADING}</Typography>}
      {jobs.isError && <Typography color="text.secondary">{jobs.error.message}</Typography>}
      {list?.length === 0 && (
        <Typography color="text.secondary">
          Not sent to a printer yet.{' '}
          <Link component={RouterLink} to={paths.printers}>
            Printers
          </Link>
        </Typography>
      )}
      {list && list.length > 0 && (
        <Box component="ul" aria-label="Print jobs" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {list.map((job) => {
            const status = STATUS_WORDS[job.status];
            return (
              <Box component="li" key={job.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}>
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{job.printerName}</Typography>
                  <Chip size="small" label={status.label} color={status.color} />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {KIND_WORDS[job.kind]} · {REASON_WORDS[job.reason]} · {shopTime.format(new Date(job.createdAt))}
                  {job.printedAt ? ` · printed ${shopTime.format(new Date(job.printedAt))}` : ''}
                  {job.attempts > 1 ? ` · ${job.attempts} attempts` : ''}
                </Typography>
                {job.lastError && job.status !== 'printed' && (
                  <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                    {job.lastError}
                  </Typography>
                )}
              </Box>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}

/**
 * The order's ticket as the printers print it: `GET /api/orders/:id/ticket`'s SVG, 80 or 58 mm,
 * kitchen ticket or customer copy; the browser's print (the page's Print button) prints that same picture, and only
 * while it cannot be had (an older server, no network) the page's own ticket instead. Beside it, the order's print
 * jobs and their status, kept current by `printers_changed`.
 */
export function OrderPrinting({ order }: { order: OrderWire }) {
  const [paperWidth, setPaperWidth] = useState<PaperWidth>(80);
  const [kind, setKind] = useState<TicketKind>('kitchen');
  const preview = useTicketPreview(order._id, paperWidth, kind, ticketVersion(order));
  usePrinterEvents();
  const ticket = preview.data;
  const label = `${KIND_WORDS[kind]}, ${paperWidth} mm`;

  return (
    <>
      <Grid container spacing={2} sx={{ mt: 0 }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper component="section" variant="outlined" aria-labelledby="order-ticket" sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
            <Typography id="order-ticket" variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
              Ticket
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
              <ToggleButtonGroup
                size="small"
                exclusive
                value={kind}
                onChange={(_event, value: TicketKind | null) => value && setKind(value)}
                aria-label="Ticket"
              >
                <ToggleButton value="kitchen">Kitchen</ToggleButton>
                <ToggleButton value="customer">Customer</ToggleButton>
              </ToggleButtonGroup>
              <ToggleButtonGroup
                size="small"
                exclusive
                value={paperWidth}
                onChange={(_event, value: PaperWidth | null) => value && setPaperWidth(value)}
                aria-label="Paper"
              >
                <ToggleButton value={80}>80 mm</ToggleButton>
                <ToggleButton value={58}>58 mm</ToggleButton>
              </ToggleButtonGroup>
            </Stack>
            {preview.isPending && <Typography>{LOADING}</Typography>}
            {preview.isError && (
              <Alert severity="warning">
                The printed ticket could not be drawn ({preview.error.message}); Print uses the page’s own ticket.
              </Alert>
            )}
            {ticket && (
              <>
                <Box sx={{ bgcolor: 'grey.100', p: { xs: 1, sm: 2 }, borderRadius: 1, overflowX: 'auto', textAlign: 'center' }}>
                  <Box
                    component="img"
                    src={svgSource(ticket.svg)}
                    alt={`${label}: the ticket as printed`}
                    data-testid="ticket-preview"
                    sx={{ width: '100%', maxWidth: paperWidth === 80 ? 360 : 262, bgcolor: '#fff', boxShadow: 1, display: 'inline-block' }}
                  />
                </Box>
                <Box component="details" sx={{ mt: 1 }}>
                  <Box component="summary" sx={{ cursor: 'pointer', color: 'text.secondary' }}>
                    The ticket as text
                  </Box>
                  <Box
                    component="pre"
                    data-testid="ticket-preview-text"
                    sx={{ fontSize: '0.8rem', overflowX: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', m: 0, mt: 1 }}
                  >
                    {ticket.text}
                  </Box>
                </Box>
              </>
            )}
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <PrintJobs orderId={order._id} />
        </Grid>
      </Grid>
      <KitchenTicket order={order} printed={ticket ? { src: svgSource(ticket.svg), paperWidth: ticket.paperWidth, label } : null} />
    </>
  );
}
