import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
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
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { Fragment, useState } from 'react';
import { SHOP_ACTOR_FILTER, type AuditEntryWire, type AuditLogAnswer } from '@shop/shared/contract/audit';
import { LOADING } from '@shop/shared/domain/messages';
import { Page } from '../../../components/page';
import { below } from '../../../lib/breakpoints';
import { useAuditLog, type AuditFilters } from '../api/audit-log-api';
import { actionPrefixes, actionText, actorText, fieldChanges, londonWhen } from '../lib/audit-entry';

const NO_FILTERS: AuditFilters = { from: '', to: '', actor: '', action: '' };
const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong: try again');

/** Before → after of the fields an entry changed, as a small table; an entry with none says so. */
function EntryChanges({ entry }: { entry: AuditEntryWire }) {
  const changes = fieldChanges(entry.before, entry.after);
  if (changes.length === 0) return <Typography variant="body2">No fields recorded.</Typography>;
  return (
    <Table size="small" aria-label={`What changed: ${entry.summary}`}>
      <TableHead>
        <TableRow>
          <TableCell>Field</TableCell>
          <TableCell>Before</TableCell>
          <TableCell>After</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map((change) => (
          <TableRow key={change.field}>
            <TableCell component="th" scope="row">
              {change.field}
            </TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>{change.before}</TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>{change.after}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ExpandButton({ open, onClick, entry }: { open: boolean; onClick: () => void; entry: AuditEntryWire }) {
  return (
    <IconButton size="small" aria-expanded={open} aria-label={`${open ? 'Hide' : 'Show'} what changed: ${entry.summary}`} onClick={onClick}>
      {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
    </IconButton>
  );
}

/** From md up: one row an entry, which expands to its changes. */
function EntriesTable({ entries }: { entries: AuditEntryWire[] }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Audit log">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 48 }} />
            <TableCell>When</TableCell>
            <TableCell>Who</TableCell>
            <TableCell>What</TableCell>
            <TableCell>Summary</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => {
            const expanded = open === entry.id;
            return (
              <Fragment key={entry.id}>
                <TableRow>
                  <TableCell>
                    <ExpandButton open={expanded} entry={entry} onClick={() => setOpen(expanded ? null : entry.id)} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{londonWhen(entry.at)}</TableCell>
                  <TableCell>{actorText(entry.actor)}</TableCell>
                  <TableCell>{actionText(entry.action)}</TableCell>
                  <TableCell>{entry.summary}</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell colSpan={5} sx={{ py: 0, borderBottom: expanded ? undefined : 'none' }}>
                    <Collapse in={expanded} unmountOnExit>
                      <Box sx={{ py: 2 }}>
                        <EntryChanges entry={entry} />
                      </Box>
                    </Collapse>
                  </TableCell>
                </TableRow>
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Below md: one card an entry, the same facts stacked. */
function EntryCards({ entries }: { entries: AuditEntryWire[] }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Stack component="ul" aria-label="Audit log" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {entries.map((entry) => {
        const expanded = open === entry.id;
        return (
          <Card component="li" key={entry.id} variant="outlined">
            <CardContent sx={{ pb: 1 }}>
              <Stack direction="row" justifyContent="space-between" alignItems="flex-start" spacing={1}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" color="text.secondary">
                    {londonWhen(entry.at)} · {actorText(entry.actor)}
                  </Typography>
                  <Typography variant="subtitle2">{actionText(entry.action)}</Typography>
                  <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                    {entry.summary}
                  </Typography>
                </Box>
                <ExpandButton open={expanded} entry={entry} onClick={() => setOpen(expanded ? null : entry.id)} />
              </Stack>
              <Collapse in={expanded} unmountOnExit>
                <Box sx={{ pt: 1, overflowX: 'auto' }}>
                  <EntryChanges entry={entry} />
                </Box>
              </Collapse>
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
}

/** The four filters; the dates shown are the ones the server answered for when none is chosen. */
function Filters({
  filters,
  answer,
  onChange,
}: {
  filters: AuditFilters;
  answer: AuditLogAnswer | undefined;
  onChange: (next: AuditFilters) => void;
}) {
  const set = (name: keyof AuditFilters) => (event: { target: { value: string } }) => onChange({ ...filters, [name]: event.target.value });
  const actions = answer?.actions ?? [];
  const native = { select: { native: true }, inputLabel: { shrink: true } } as const;
  return (
    <Paper component="form" aria-label="Filters" variant="outlined" sx={{ p: 2, mb: 2 }} onSubmit={(event) => event.preventDefault()}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' } }}>
        <TextField
          label="From"
          type="date"
          size="small"
          value={filters.from || answer?.from || ''}
          onChange={set('from')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="To"
          type="date"
          size="small"
          value={filters.to || answer?.to || ''}
          onChange={set('to')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField label="Who" select size="small" value={filters.actor} onChange={set('actor')} slotProps={native}>
          <option value="">Everyone</option>
          {(answer?.actors ?? []).map((actor) => (
            <option key={actor.id ?? SHOP_ACTOR_FILTER} value={actor.id ?? SHOP_ACTOR_FILTER}>
              {actorText(actor)}
            </option>
          ))}
        </TextField>
        <TextField label="What" select size="small" value={filters.action} onChange={set('action')} slotProps={native}>
          <option value="">Everything</option>
          {actionPrefixes(actions).map((prefix) => (
            <optgroup key={prefix} label={actionText(prefix).replace(/: $/, '')}>
              <option value={prefix}>{`Every ${prefix.slice(0, -1)} action`}</option>
              {actions
                .filter((action) => action.startsWith(prefix))
                .map((action) => (
                  <option key={action} value={action}>
                    {actionText(action)}
                  </option>
                ))}
            </optgroup>
          ))}
        </TextField>
      </Box>
    </Paper>
  );
}

/**
 * The audit log (owners and managers, decision 1402): who changed what and when, newest first, by London dates, by
 * who and by what; each entry opens to what changed, before → after. Read only: nothing here changes an entry.
 */
export function AuditLogPage() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const log = useAuditLog(filters);
  const narrow = useMediaQuery(below('md'), { noSsr: true });
  const pages = log.data?.pages ?? [];
  const entries = pages.flatMap((page) => page.entries);
  const first = pages[0];
  return (
    <Page title="Audit log">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Every refund, cancel, price and menu change, opening hours, settings, pause and reprint, with who did it. Entries cannot be changed
        or deleted.
      </Typography>
      <Filters filters={filters} answer={first} onChange={setFilters} />
      {log.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {messageOf(log.error)}
        </Alert>
      ) : null}
      {log.isPending ? (
        <Typography role="status">{LOADING}</Typography>
      ) : entries.length === 0 && !log.isError ? (
        <Typography role="status">Nothing was recorded for these filters.</Typography>
      ) : narrow ? (
        <EntryCards entries={entries} />
      ) : (
        <EntriesTable entries={entries} />
      )}
      {log.hasNextPage ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button variant="outlined" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
            {log.isFetchingNextPage ? LOADING : 'Load more'}
          </Button>
        </Box>
      ) : null}
    </Page>
  );
}
