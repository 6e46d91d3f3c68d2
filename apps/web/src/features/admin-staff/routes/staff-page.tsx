import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import type { StaffMember } from '@shop/shared/contract/staff';
import { LOADING } from '@shop/shared/domain/messages';
import { ROLE_LABELS } from '@shop/shared/domain/roles';
import { ConfirmDialog } from '../../../components/back-office/confirm-dialog';
import { Page } from '../../../components/page';
import { below } from '../../../lib/breakpoints';
import { showToast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { useRemoveStaff, useStaff } from '../api/staff-api';
import { MemberDialog } from '../components/member-dialog';
import { joinedText, statusText } from '../lib/staff-words';

interface RowProps {
  member: StaffMember;
  isYou: boolean;
  onChange: () => void;
  onRemove: () => void;
}

function StatusChip({ member }: { member: StaffMember }) {
  return (
    <Chip
      size="small"
      label={statusText(member)}
      color={member.status === 'active' ? 'success' : 'warning'}
      variant={member.status === 'active' ? 'filled' : 'outlined'}
    />
  );
}

function Actions({ member, onChange, onRemove }: Omit<RowProps, 'isYou'>) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      <Button size="small" onClick={onChange} aria-label={`Change ${member.name}`}>
        Change
      </Button>
      <Button size="small" color="error" onClick={onRemove} aria-label={`Remove ${member.name}`}>
        Remove
      </Button>
    </Box>
  );
}

function Name({ member, isYou }: { member: StaffMember; isYou: boolean }) {
  return (
    <Typography component="span" sx={{ fontWeight: 600 }}>
      {member.name}
      {isYou && (
        <Typography component="span" color="text.secondary">
          {' '}
          (you)
        </Typography>
      )}
    </Typography>
  );
}

function StaffTable({ rows }: { rows: RowProps[] }) {
  return (
    <TableContainer>
      <Table aria-label="Staff" size="small" sx={{ '& td, & th': { px: 1.5 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>E-mail</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Joined</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ member, isYou, onChange, onRemove }) => (
            <TableRow key={member.id}>
              <TableCell>
                <Name member={member} isYou={isYou} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{member.email}</TableCell>
              <TableCell>{ROLE_LABELS[member.role]}</TableCell>
              <TableCell>
                <StatusChip member={member} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{joinedText(member)}</TableCell>
              <TableCell align="right">
                <Actions member={member} onChange={onChange} onRemove={onRemove} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A phone: one card per member, the same facts stacked. */
function StaffCards({ rows }: { rows: RowProps[] }) {
  return (
    <Box component="ul" aria-label="Staff" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map(({ member, isYou, onChange, onRemove }) => (
        <Box component="li" key={member.id} sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Name member={member} isYou={isYou} />
            <Typography component="span" color="text.secondary">
              {ROLE_LABELS[member.role]}
            </Typography>
            <Box sx={{ ml: 'auto' }}>
              <StatusChip member={member} />
            </Box>
          </Box>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {member.email}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" color="text.secondary">
              Joined: {joinedText(member)}
            </Typography>
            <Box sx={{ ml: 'auto' }}>
              <Actions member={member} onChange={onChange} onRemove={onRemove} />
            </Box>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * `/staff` (the owner's): the shop's team with each member's role and whether they have joined; Invite (name,
 * e-mail, role: the server mails the link), Change (name, role) and Remove (after a question naming the person).
 * The server's refusals are shown in its words: the last owner cannot go, an e-mail with an account cannot be invited.
 */
export function StaffPage() {
  const staff = useStaff();
  const remove = useRemoveStaff();
  const { user } = useSession();
  const phone = useMediaQuery(below('sm'), { noSsr: true });
  const [editing, setEditing] = useState<StaffMember | null | 'new'>(null);
  const [doomed, setDoomed] = useState<StaffMember | null>(null);
  const [removeRefusal, setRemoveRefusal] = useState<string | null>(null);

  const rows: RowProps[] = (staff.data ?? []).map((member) => ({
    member,
    isYou: member.email === user?.email,
    onChange: () => setEditing(member),
    onRemove: () => {
      setRemoveRefusal(null);
      setDoomed(member);
    },
  }));

  return (
    <Page
      title="Staff"
      actions={
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setEditing('new')}>
          Invite staff
        </Button>
      }
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Everyone who signs in to the back office, and what their login may do. Each role sees only its own screens.
      </Typography>
      {staff.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void staff.refetch()}>
              Try again
            </Button>
          }
        >
          {staff.error.message}
        </Alert>
      )}
      {removeRefusal && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={() => setRemoveRefusal(null)}>
          {removeRefusal}
        </Alert>
      )}
      <Paper variant="outlined">
        {staff.isPending && <Typography sx={{ p: 2 }}>{LOADING}</Typography>}
        {staff.data && (phone ? <StaffCards rows={rows} /> : <StaffTable rows={rows} />)}
      </Paper>
      <MemberDialog open={editing !== null} member={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={doomed !== null}
        question={doomed ? `Remove ${doomed.name} from the staff?` : ''}
        detail={doomed ? `${doomed.email} can no longer sign in, from now on. What they did stays in the audit log.` : undefined}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => {
          if (!doomed) return;
          const gone = doomed;
          remove.mutate(gone.id, {
            onSuccess: () => showToast(`${gone.name} was removed from the staff`),
            onError: (error) => setRemoveRefusal(error.message),
            onSettled: () => setDoomed(null),
          });
        }}
        onClose={() => setDoomed(null)}
      />
    </Page>
  );
}
