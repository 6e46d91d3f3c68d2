import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
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
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { TIP_PAYOUT_METHODS, type TipPayoutMethod, type WorkerTipMonth } from '@shop/shared/contract/cash-up';
import { londonParts } from '@shop/shared/domain/london-time';
import { LOADING } from '@shop/shared/domain/messages';
import { Page } from '../../../components/page';
import { useCan } from '../../../lib/use-session';
import { below } from '../../../lib/breakpoints';
import { tipsCsvHref, useRecordTipPayout, useTipPayouts } from '../api/cash-up-api';
import { dayText, money, TIP_STATUS_LABELS } from '../lib/cash-up-text';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong: try again');
const METHOD_LABELS: Record<TipPayoutMethod, string> = { payroll: 'With wages (payroll)', cash: 'In cash' };

/** The month before this one, as YYYY-MM: the one whose tips are due now. */
function lastMonth(): string {
  const { year, month } = londonParts(new Date());
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

function Status({ row }: { row: WorkerTipMonth }) {
  const color = row.status === 'overdue' ? 'error' : row.status === 'paid' ? 'success' : row.status === 'due' ? 'warning' : 'default';
  const label = row.paidLate ? 'Paid late' : TIP_STATUS_LABELS[row.status];
  return <Chip size="small" color={color} label={label} />;
}

/** Pays a worker the whole of what is owed: the amount is not typed, so it cannot be less. */
function PayOut({ row, month }: { row: WorkerTipMonth; month: string }) {
  const record = useRecordTipPayout();
  const [method, setMethod] = useState<TipPayoutMethod>('payroll');
  const allowed = useCan('cashUp');
  if (!allowed || row.outstanding <= 0 || row.status === 'open') return null;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
      <TextField
        select
        size="small"
        label="How"
        value={method}
        onChange={(event) => setMethod(event.target.value as TipPayoutMethod)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {TIP_PAYOUT_METHODS.map((each) => (
          <option key={each} value={each}>
            {METHOD_LABELS[each]}
          </option>
        ))}
      </TextField>
      <Button
        size="small"
        variant="contained"
        disabled={record.isPending}
        onClick={() => record.mutate({ workerId: row.worker.id, month, amount: row.outstanding, method })}
      >
        Pay out {money(row.outstanding)}
      </Button>
      {record.isError ? <Alert severity="error">{messageOf(record.error)}</Alert> : null}
    </Stack>
  );
}

function paidText(row: WorkerTipMonth): string {
  if (!row.paidAt) return '—';
  return `${money(row.paid)} on ${new Date(row.paidAt).toLocaleDateString('en-GB', { timeZone: 'Europe/London' })}`;
}

function WorkersTable({ rows, month }: { rows: WorkerTipMonth[]; month: string }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Tips per worker">
        <TableHead>
          <TableRow>
            <TableCell>Worker</TableCell>
            <TableCell align="right">Orders</TableCell>
            <TableCell align="right">Tips received</TableCell>
            <TableCell>Paid out</TableCell>
            <TableCell>Due by</TableCell>
            <TableCell>Status</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.worker.id}>
              <TableCell component="th" scope="row">
                {row.worker.name}
              </TableCell>
              <TableCell align="right">{row.orders}</TableCell>
              <TableCell align="right">{money(row.received)}</TableCell>
              <TableCell>{paidText(row)}</TableCell>
              <TableCell>{dayText(row.dueDate)}</TableCell>
              <TableCell>
                <Status row={row} />
              </TableCell>
              <TableCell>
                <PayOut row={row} month={month} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function WorkerCards({ rows, month }: { rows: WorkerTipMonth[]; month: string }) {
  return (
    <Stack component="ul" aria-label="Tips per worker" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((row) => (
        <Paper component="li" key={row.worker.id} variant="outlined" sx={{ p: 1.5 }} aria-label={row.worker.name}>
          <Stack direction="row" justifyContent="space-between" alignItems="center">
            <Typography component="h2" sx={{ fontWeight: 600 }}>
              {row.worker.name}
            </Typography>
            <Status row={row} />
          </Stack>
          <Typography variant="body2">
            {money(row.received)} from {row.orders} {row.orders === 1 ? 'order' : 'orders'} · due by {dayText(row.dueDate)}
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            Paid out: {paidText(row)}
          </Typography>
          <PayOut row={row} month={month} />
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The tips' monthly pay-out (decision 1701, the Tips Act): per worker, the month's tips in full, what was paid out
 * and when, the due date (the end of the following month) and whether it is overdue; a pay-out is always the whole of
 * what is owed; the CSV is one line per tip for the accountant.
 */
export function TipsPage() {
  const [params, setParams] = useSearchParams();
  const month = params.get('month') ?? lastMonth();
  const setMonth = (value: string) => setParams({ month: value }, { replace: true });
  const report = useTipPayouts(month);
  const narrow = useMediaQuery(below('md'), { noSsr: true });
  const data = report.data;
  const rows = data?.workers ?? [];
  return (
    <Page
      title="Tips"
      actions={
        <Link href={tipsCsvHref(month)} download>
          Download CSV
        </Link>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Every tip goes to the driver who delivered the order, in full, with no deduction. A month’s tips are paid out by the end of the
        following month; records are kept for three years.
      </Typography>
      <TextField
        type="month"
        label="Month"
        value={month}
        onChange={(event) => event.target.value && setMonth(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ mb: 2 }}
      />
      {report.isError ? <Alert severity="error">{messageOf(report.error)}</Alert> : null}
      {data && data.unassigned.orders > 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {data.unassigned.orders} delivered {data.unassigned.orders === 1 ? 'order has' : 'orders have'} {money(data.unassigned.amount)} of
          tips and no driver recorded: assign {data.unassigned.orders === 1 ? 'it' : 'them'} to the driver who delivered before paying out.
        </Alert>
      ) : null}
      {report.isPending ? (
        <Typography role="status">{LOADING}</Typography>
      ) : rows.length === 0 && !report.isError ? (
        <Typography role="status">No tips in {data?.label ?? month}.</Typography>
      ) : narrow ? (
        <WorkerCards rows={rows} month={month} />
      ) : (
        <WorkersTable rows={rows} month={month} />
      )}
      {data && rows.length > 0 ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2">
            {data.label}: {money(data.total.received)} received, {money(data.total.paid)} paid out, {money(data.total.outstanding)} still
            owed (due by {dayText(data.dueDate)}).
          </Typography>
        </Box>
      ) : null}
    </Page>
  );
}
