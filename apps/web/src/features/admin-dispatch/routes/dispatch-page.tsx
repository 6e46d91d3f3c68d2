import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DeliveryRun, DispatchAnswer, DispatchOrder, RunStop } from '@shop/shared/contract/dispatch';
import { LOADING } from '@shop/shared/domain/messages';
import { Page } from '../../../components/page';
import { useMarkReady } from '../../../lib/order-ready';
import { useNow } from '../../../lib/use-now';
import { useCan } from '../../../lib/use-session';
import { useAssign, useDispatch, useLiveDispatch, useUnassign } from '../api/dispatch-api';
import {
  driverBoards,
  dueText,
  lastSeenText,
  paymentText,
  readinessText,
  runStateText,
  stopStateText,
  suggestionOrders,
  type DriverBoard,
} from '../lib/dispatch-words';

type Driver = DispatchAnswer['drivers'][number];

/** What an action tells the screen: the server's words when it refused. */
type Report = (error: unknown) => void;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong: try again');

function Section({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  const id = `dispatch-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700, mb: 1 }}>
        {title}
        {count !== undefined && (
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
            {' '}
            ({count})
          </Box>
        )}
      </Typography>
      <Stack spacing={1.5}>{children}</Stack>
    </Box>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Typography color="text.secondary" sx={{ py: 1 }}>
      {children}
    </Typography>
  );
}

/** A native select: at 390 px the phone's own picker, big and familiar. */
function DriverSelect({
  label,
  drivers,
  value,
  onChange,
  exclude,
}: {
  label: string;
  drivers: readonly Driver[];
  value: string;
  onChange: (driverId: string) => void;
  exclude?: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 160, flex: 1 }}
    >
      <option value="">Choose a driver</option>
      {drivers
        .filter((driver) => driver.id !== exclude)
        .map((driver) => (
          <option key={driver.id} value={driver.id}>
            {driver.name}
          </option>
        ))}
    </TextField>
  );
}

function PaymentChip({ order }: { order: Pick<RunStop, 'paid' | 'cashDue'> }) {
  return (
    <Chip
      size="small"
      label={paymentText(order)}
      color={order.paid ? 'success' : 'warning'}
      variant={order.paid ? 'outlined' : 'filled'}
      sx={{ fontWeight: 700 }}
    />
  );
}

function AddressLines({ order }: { order: Pick<RunStop, 'addressLines' | 'postcode'> }) {
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {order.addressLines.join(', ')}{' '}
      <Box component="strong" sx={{ whiteSpace: 'nowrap' }}>
        {order.postcode}
      </Box>
    </Typography>
  );
}

/** One delivery waiting: its number, address, time, readiness and payment; assign it, or say it is ready. */
function WaitingCard({ order, drivers, report }: { order: DispatchOrder; drivers: readonly Driver[]; report: Report }) {
  const [driverId, setDriverId] = useState('');
  const assign = useAssign();
  const ready = useMarkReady();
  const mayMarkReady = useCan('orderStatus');
  return (
    <Paper component="article" variant="outlined" aria-label={`Order ${order.orderNumber}`} sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography sx={{ fontWeight: 700, fontFamily: 'monospace' }}>{order.orderNumber}</Typography>
        <Chip size="small" label={readinessText(order)} color={order.readyAt ? 'primary' : 'default'} />
        <PaymentChip order={order} />
        <Typography variant="body2" sx={{ ml: 'auto', fontWeight: 600 }}>
          {dueText(order)}
        </Typography>
      </Stack>
      <AddressLines order={order} />
      <Typography variant="body2" color="text.secondary">
        {order.customerName}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <DriverSelect label={`Driver for ${order.orderNumber}`} drivers={drivers} value={driverId} onChange={setDriverId} />
        <Button
          variant="contained"
          disabled={!driverId || assign.isPending}
          onClick={() => assign.mutate({ orderIds: [order.orderId], driverId }, { onError: report })}
        >
          Assign
        </Button>
        {!order.readyAt && mayMarkReady && (
          <Button variant="outlined" disabled={ready.isPending} onClick={() => ready.mutate(order.orderId, { onError: report })}>
            Ready
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** A run the server suggests: its orders and why; one tap gives them all, in order, to the driver chosen. */
function SuggestionCard({
  orders,
  reason,
  drivers,
  report,
  index,
}: {
  orders: DispatchOrder[];
  reason: string;
  drivers: readonly Driver[];
  report: Report;
  index: number;
}) {
  const [driverId, setDriverId] = useState('');
  const assign = useAssign();
  const label = `Suggested run ${index + 1}`;
  return (
    <Paper component="article" variant="outlined" aria-label={label} sx={{ p: 1.5 }}>
      <Typography sx={{ fontWeight: 700 }}>{reason}</Typography>
      <Box component="ol" sx={{ m: 0, pl: 3 }}>
        {orders.map((order) => (
          <li key={order.orderId}>
            <Typography variant="body2">
              <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
                {order.orderNumber}
              </Box>{' '}
              {order.postcode} · {dueText(order)} · {paymentText(order)}
            </Typography>
          </li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, alignItems: 'center' }}>
        <DriverSelect label={`Driver for ${label.toLowerCase()}`} drivers={drivers} value={driverId} onChange={setDriverId} />
        <Button
          variant="contained"
          disabled={!driverId || assign.isPending}
          onClick={() => assign.mutate({ orderIds: orders.map((order) => order.orderId), driverId }, { onError: report })}
        >
          Assign run
        </Button>
      </Stack>
    </Paper>
  );
}

/** The driver's photo of a delivery at the door, for the staff who see the board (kept private by the server). */
export function deliveryPhotoUrl(orderId: string): string {
  return `/api/orders/${encodeURIComponent(orderId)}/photo`;
}

/**
 * A stop on a run: where it is, and while it is still at the shop, move it to another driver or take it off (once
 * picked up it is in the driver's hands: the server refuses either).
 */
function StopRow({ stop, run, drivers, report }: { stop: RunStop; run: DeliveryRun; drivers: readonly Driver[]; report: Report }) {
  const [driverId, setDriverId] = useState('');
  const assign = useAssign();
  const unassign = useUnassign();
  const busy = assign.isPending || unassign.isPending;
  return (
    <Box
      component="li"
      aria-label={`Stop ${stop.position}: order ${stop.orderNumber}`}
      sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography sx={{ fontWeight: 700 }}>{stop.position}.</Typography>
        <Typography sx={{ fontWeight: 700, fontFamily: 'monospace' }}>{stop.orderNumber}</Typography>
        <PaymentChip order={stop} />
        <Typography variant="body2" sx={{ ml: 'auto' }}>
          {stopStateText(stop)}
        </Typography>
      </Stack>
      <AddressLines order={stop} />
      {stop.photoImageId && (
        <Link href={deliveryPhotoUrl(stop.orderId)} target="_blank" rel="noopener" variant="body2">
          Photo of the delivery
        </Link>
      )}
      {!stop.pickedUpAt && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <DriverSelect
            label={`Move ${stop.orderNumber} to`}
            drivers={drivers}
            value={driverId}
            onChange={setDriverId}
            exclude={run.driverId}
          />
          <Button
            variant="outlined"
            size="small"
            disabled={!driverId || busy}
            onClick={() => assign.mutate({ orderIds: [stop.orderId], driverId }, { onError: report, onSuccess: () => setDriverId('') })}
          >
            Move
          </Button>
          <Button
            color="error"
            size="small"
            disabled={busy}
            onClick={() => unassign.mutate(stop.orderId, { onError: report })}
            aria-label={`Take ${stop.orderNumber} off the run`}
          >
            Take off
          </Button>
        </Stack>
      )}
    </Box>
  );
}

function DriverCard({ board, drivers, now, report }: { board: DriverBoard; drivers: readonly Driver[]; now: Date; report: Report }) {
  return (
    <Paper component="article" variant="outlined" aria-label={`Driver ${board.name}`} sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700 }}>{board.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {lastSeenText(board.lastSeenAt, now)}
        </Typography>
      </Stack>
      {board.runs.length === 0 && <Empty>No runs today.</Empty>}
      {board.runs.map((run) => (
        <Box key={run.id} sx={{ mt: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {runStateText(run)}
          </Typography>
          <Box component="ol" aria-label={`${board.name}: ${runStateText(run)}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {[...run.stops]
              .sort((a, b) => a.position - b.position)
              .map((stop) => (
                <StopRow key={stop.orderId} stop={stop} run={run} drivers={drivers} report={report} />
              ))}
          </Box>
        </Box>
      ))}
    </Paper>
  );
}

/**
 * /dispatch (decision 1703): the deliveries waiting for a driver, the runs the server suggests, and each driver
 * with their runs, stop by stop. Assign, move to another driver, take off; fetched again on the board's events and
 * every 20 s. Three columns on a wide screen, one under another on a phone.
 */
export function DispatchPage() {
  const dispatch = useDispatch();
  useLiveDispatch();
  const now = useNow();
  const [failure, setFailure] = useState<string | null>(null);
  const report: Report = (error) => setFailure(messageOf(error));
  const answer = dispatch.data;

  return (
    <Page title="Dispatch">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Deliveries waiting for a driver, the runs that go well together, and where each driver is.
      </Typography>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)} sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {dispatch.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void dispatch.refetch()}>
              Try again
            </Button>
          }
        >
          {dispatch.error.message}
        </Alert>
      )}
      {!answer && !dispatch.isError && <Typography>{LOADING}</Typography>}
      {answer && (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            alignItems: 'start',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          <Section title="Waiting for a driver" count={answer.unassigned.length}>
            {answer.unassigned.length === 0 && <Empty>No deliveries waiting.</Empty>}
            {answer.unassigned.map((order) => (
              <WaitingCard key={order.orderId} order={order} drivers={answer.drivers} report={report} />
            ))}
          </Section>
          <Section title="Suggested runs">
            {answer.suggestions.length === 0 && <Empty>No runs to suggest.</Empty>}
            {answer.suggestions.map((suggestion, index) => {
              const orders = suggestionOrders(suggestion.orderIds, answer.unassigned);
              if (orders.length === 0) return null;
              return (
                <SuggestionCard
                  key={suggestion.orderIds.join()}
                  index={index}
                  orders={orders}
                  reason={suggestion.reason}
                  drivers={answer.drivers}
                  report={report}
                />
              );
            })}
          </Section>
          <Section title="Drivers">
            {answer.drivers.length === 0 && answer.runs.length === 0 && (
              <Empty>No drivers yet: invite one with the Driver role on the Staff screen.</Empty>
            )}
            {driverBoards(answer).map((board) => (
              <DriverCard key={board.id} board={board} drivers={answer.drivers} now={now} report={report} />
            ))}
          </Section>
        </Box>
      )}
    </Page>
  );
}
