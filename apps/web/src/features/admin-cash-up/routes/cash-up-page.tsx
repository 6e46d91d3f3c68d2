import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
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
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { DriverShiftsAnswer, DriverShiftWire } from '@shop/shared/contract/cash-up';
import { LOADING } from '@shop/shared/domain/messages';
import { Page } from '../../../components/page';
import { below } from '../../../lib/breakpoints';
import { useCloseShift, useDriverShifts, useOpenShift } from '../api/cash-up-api';
import { dayText, money, poundsField } from '../lib/cash-up-text';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong: try again');

/** 'SHORT £2.50' in red, 'OVER £1.00' in amber, 'Balanced' in green; '—' while the shift is open. */
function Variance({ day }: { day: DriverShiftWire }) {
  if (day.varianceText === null) return <>—</>;
  const color = day.balance === 'short' ? 'error' : day.balance === 'over' ? 'warning' : 'success';
  return <Chip size="small" color={color} label={day.varianceText === 'Balanced' ? 'balanced' : day.varianceText} />;
}

function shiftState(day: DriverShiftWire): string {
  if (!day.shift) return 'No shift';
  return day.shift.closedAt ? 'Closed' : 'Open';
}

/** What each driver's day shows, in the order the columns and the cards list it. */
function figures(day: DriverShiftWire): Array<[string, string]> {
  return [
    ['Float', money(day.float)],
    ['Drops', String(day.drops)],
    ['Cash expected', money(day.cashExpected)],
    ['Collected', money(day.cashCollected)],
    ['Handed in', day.cashHandedIn === null ? '—' : money(day.cashHandedIn)],
  ];
}

function Actions({ day, onOpen, onClose }: { day: DriverShiftWire; onOpen: () => void; onClose: () => void }) {
  if (!day.shift) {
    return (
      <Button size="small" variant="outlined" onClick={onOpen}>
        Open shift
      </Button>
    );
  }
  if (day.shift.closedAt) return null;
  return (
    <Button size="small" variant="contained" onClick={onClose}>
      Close shift
    </Button>
  );
}

interface ListProps {
  days: DriverShiftWire[];
  onOpen: (day: DriverShiftWire) => void;
  onClose: (day: DriverShiftWire) => void;
}

function DriversTable({ days, onOpen, onClose }: ListProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Drivers’ cash-up">
        <TableHead>
          <TableRow>
            <TableCell>Driver</TableCell>
            <TableCell>Shift</TableCell>
            {figures(days[0] as DriverShiftWire).map(([label]) => (
              <TableCell key={label} align="right">
                {label}
              </TableCell>
            ))}
            <TableCell>Variance</TableCell>
            <TableCell align="right">Pay</TableCell>
            <TableCell align="right">Tips</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {days.map((day) => (
            <TableRow key={day.driver.id}>
              <TableCell component="th" scope="row">
                {day.driver.name}
              </TableCell>
              <TableCell>{shiftState(day)}</TableCell>
              {figures(day).map(([label, value]) => (
                <TableCell key={label} align="right">
                  {value}
                </TableCell>
              ))}
              <TableCell>
                <Variance day={day} />
              </TableCell>
              <TableCell align="right">{money(day.pay)}</TableCell>
              <TableCell align="right">{money(day.tips)}</TableCell>
              <TableCell>
                <Actions day={day} onOpen={() => onOpen(day)} onClose={() => onClose(day)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function DriverCards({ days, onOpen, onClose }: ListProps) {
  return (
    <Stack component="ul" aria-label="Drivers’ cash-up" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {days.map((day) => (
        <Paper component="li" key={day.driver.id} variant="outlined" sx={{ p: 1.5 }} aria-label={day.driver.name}>
          <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
            <Typography component="h2" sx={{ fontWeight: 600 }}>
              {day.driver.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {shiftState(day)}
            </Typography>
          </Stack>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5, m: 0 }}>
            {[...figures(day), ['Pay', `${money(day.pay)} (${day.drops} × ${money(day.payPerDrop)})`], ['Tips', money(day.tips)]].map(
              ([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Box component="dt">{label}</Box>
                  <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
                    {value}
                  </Box>
                </Box>
              ),
            )}
            <Box component="dt">Variance</Box>
            <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
              <Variance day={day} />
            </Box>
          </Box>
          <Box sx={{ mt: 1.5 }}>
            <Actions day={day} onOpen={() => onOpen(day)} onClose={() => onClose(day)} />
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

/** Opens a shift for one of the shop's drivers (the one chosen in the list, or any) with its float. */
function OpenShiftForm({ answer, driverId, onDriver }: { answer: DriverShiftsAnswer; driverId: string; onDriver: (id: string) => void }) {
  const open = useOpenShift();
  const [float, setFloat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const withShift = new Set(answer.shifts.filter((day) => day.shift).map((day) => day.driver.id));
  const choices = answer.drivers.filter((driver) => !withShift.has(driver.id));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const amount = poundsField(float || '0', 'the float');
    if ('error' in amount) return setError(amount.error);
    if (!driverId) return setError('Choose the driver');
    setError(null);
    open.mutate(
      { driverId, date: answer.date, float: amount.pounds },
      {
        onSuccess: (day) => {
          setDone(`${day.driver.name}’s shift is open with a float of ${money(day.float)}`);
          setFloat('');
          onDriver('');
        },
        onError: (failure) => setError(messageOf(failure)),
      },
    );
  };
  return (
    <Paper component="form" aria-label="Open a shift" onSubmit={submit} variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }}>
        <TextField
          select
          label="Driver"
          value={driverId}
          onChange={(event) => onDriver(event.target.value)}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Choose a driver</option>
          {choices.map((driver) => (
            <option key={driver.id} value={driver.id}>
              {driver.name}
            </option>
          ))}
        </TextField>
        <TextField
          label="Float (£)"
          value={float}
          onChange={(event) => setFloat(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 8 } }}
        />
        <Button type="submit" variant="contained" disabled={open.isPending} sx={{ alignSelf: { xs: 'stretch', sm: 'center' } }}>
          Open shift
        </Button>
      </Stack>
      {error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      ) : null}
      {done ? (
        <Alert severity="success" sx={{ mt: 2 }}>
          {done}
        </Alert>
      ) : null}
    </Paper>
  );
}

/** Closes a shift: the cash counted back, against what is expected back. */
function CloseShiftDialog({ day, onDone }: { day: DriverShiftWire; onDone: () => void }) {
  const close = useCloseShift();
  const [handedIn, setHandedIn] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = poundsField(handedIn, 'the cash handed in');
    if ('error' in amount) return setError(amount.error);
    setError(null);
    close.mutate(
      { id: day.shift?.id ?? '', body: { cashHandedIn: amount.pounds, ...(note.trim() ? { note: note.trim() } : {}) } },
      { onSuccess: onDone, onError: (failure) => setError(messageOf(failure)) },
    );
  };
  const title = `Close ${day.driver.name}’s shift`;
  return (
    <Dialog open onClose={onDone} aria-labelledby="close-shift-title" fullWidth maxWidth="xs">
      <form aria-label={title} onSubmit={submit}>
        <DialogTitle id="close-shift-title">{title}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            Expected back: {money(day.expectedBack)} (float {money(day.float)} + cash orders {money(day.cashExpected)})
          </Typography>
          {day.onTheRoad > 0 ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {day.driver.name} still has {day.onTheRoad === 1 ? 'a delivery' : `${day.onTheRoad} deliveries`} on the road.
            </Alert>
          ) : null}
          <Stack spacing={2}>
            <TextField
              label="Cash handed in (£)"
              value={handedIn}
              onChange={(event) => setHandedIn(event.target.value)}
              autoFocus
              slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 9 } }}
            />
            <TextField
              label="Note"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </Stack>
          {error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onDone}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={close.isPending}>
            Close shift
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * The drivers' cash-up (owners and managers, decision 1701): pick a day; each driver's float, drops, the cash their
 * cash orders bring back, what they handed in and the variance, their pay per drop and their tips, in full and apart.
 */
export function CashUpPage() {
  // The day is in the address (?date=), so a day's cash-up can be linked to and comes back on reload; without one it is
  // the shop's business day now, which runs to 05:00, so a driver cashing up after midnight sees the whole night.
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  const setDate = (day: string) => setParams({ date: day }, { replace: true });
  const [driverId, setDriverId] = useState('');
  const [closing, setClosing] = useState<DriverShiftWire | null>(null);
  const shifts = useDriverShifts(asked);
  const date = asked ?? shifts.data?.date ?? '';
  const narrow = useMediaQuery(below('md'), { noSsr: true });
  const days = shifts.data?.shifts ?? [];
  const list = { days, onOpen: (day: DriverShiftWire) => setDriverId(day.driver.id), onClose: setClosing };
  return (
    <Page title="Cash-up">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Expected back is the float and every cash order the driver delivered that day. Tips are the driver’s in full: they are never taken
        from a shortage.
      </Typography>
      <TextField
        type="date"
        label="Day"
        value={date}
        onChange={(event) => event.target.value && setDate(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ mb: 2 }}
      />
      {shifts.isError ? <Alert severity="error">{messageOf(shifts.error)}</Alert> : null}
      {shifts.data ? <OpenShiftForm answer={shifts.data} driverId={driverId} onDriver={setDriverId} /> : null}
      {shifts.isPending ? (
        <Typography role="status">{LOADING}</Typography>
      ) : days.length === 0 && !shifts.isError ? (
        <Typography role="status">No driver worked on {dayText(date)}.</Typography>
      ) : narrow ? (
        <DriverCards {...list} />
      ) : (
        <DriversTable {...list} />
      )}
      {shifts.data ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Pay per drop now: {money(shifts.data.payPerDrop)} (a closed shift keeps the rate it closed with).
        </Typography>
      ) : null}
      {closing ? <CloseShiftDialog day={closing} onDone={() => setClosing(null)} /> : null}
    </Page>
  );
}
