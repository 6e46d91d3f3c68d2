import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { staffChangeBodySchema, staffInviteBodySchema, type StaffMember } from '@shop/shared/contract/staff';
import { ASSIGNABLE_ROLES, ROLE_LABELS, type StaffRole } from '@shop/shared/domain/roles';
import { ApiError } from '../../../lib/api';
import { useShopSettings } from '../../../lib/shop-settings';
import { showToast } from '../../../lib/toast';
import { useChangeStaff, useInviteStaff } from '../api/staff-api';
import { roleDescription } from '../lib/staff-words';

type Fields = Partial<Record<'email' | 'name' | 'role', string>>;

/** The first message of each field a zod check refused. */
function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Fields {
  const fields: Fields = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '') as keyof Fields;
    if ((key === 'email' || key === 'name' || key === 'role') && !fields[key]) fields[key] = issue.message;
  }
  return fields;
}

interface MemberDialogProps {
  open: boolean;
  /** null: invite someone new; a member: change their name or role. */
  member: StaffMember | null;
  onClose: () => void;
}

/**
 * Invite a member of staff (name, e-mail, role; the server mails the link) or change one's name and role. Checked
 * by the contract's rules before sending; the server's refusal (an e-mail that has an account, the last owner) is
 * shown in the dialog, in its words.
 */
export function MemberDialog({ open, member, onClose }: MemberDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="member-dialog-title"
      slotProps={{ paper: { sx: { width: 480, maxWidth: 'calc(100% - 32px)' } } }}
    >
      {/* Keyed, so each opening starts from the member's values (or empty). */}
      {open && <MemberForm key={member?.id ?? 'new'} member={member} onClose={onClose} />}
    </Dialog>
  );
}

function MemberForm({ member, onClose }: { member: StaffMember | null; onClose: () => void }) {
  const id = useId();
  const invite = useInviteStaff();
  const change = useChangeStaff();
  const refundLimit = useShopSettings().data?.counterRefundLimit;
  const limitPence = refundLimit === undefined ? undefined : Math.round(refundLimit * 100);
  const [name, setName] = useState(member?.name ?? '');
  const [email, setEmail] = useState(member?.email ?? '');
  const [role, setRole] = useState<StaffRole>(member?.role ?? 'kitchen');
  const [fields, setFields] = useState<Fields>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = invite.isPending || change.isPending;

  const refused = (error: Error) => {
    if (error instanceof ApiError && error.fields)
      setFields(fieldErrors(Object.entries(error.fields).map(([key, message]) => ({ path: [key], message }))));
    setRefusal(error.message);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setRefusal(null);
    if (member === null) {
      const read = staffInviteBodySchema.safeParse({ email: email.trim(), name: name.trim(), role });
      if (!read.success) return setFields(fieldErrors(read.error.issues));
      invite.mutate(read.data, {
        onSuccess: (invited) => {
          showToast(`Invitation sent to ${invited.email}`);
          onClose();
        },
        onError: refused,
      });
      return;
    }
    const wanted = { name: name.trim() === member.name ? undefined : name.trim(), role: role === member.role ? undefined : role };
    if (wanted.name === undefined && wanted.role === undefined) return onClose();
    const read = staffChangeBodySchema.safeParse(wanted);
    if (!read.success) return setFields(fieldErrors(read.error.issues));
    change.mutate(
      { id: member.id, change: read.data },
      {
        onSuccess: (changed) => {
          showToast(`${changed.name} is now ${ROLE_LABELS[changed.role]}`);
          onClose();
        },
        onError: refused,
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="member-dialog-title">
      <DialogTitle id="member-dialog-title">{member ? `Change ${member.name}` : 'Invite a member of staff'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {member === null && (
            <Alert severity="info" role="note">
              They get an e-mail with a link to set their password. The link works for 7 days.
            </Alert>
          )}
          <TextField
            label="Name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setFields(({ name: _gone, ...rest }) => rest);
            }}
            error={Boolean(fields.name)}
            helperText={fields.name}
            required
            autoComplete="off"
            fullWidth
          />
          <TextField
            label="E-mail"
            type="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setFields(({ email: _gone, ...rest }) => rest);
            }}
            error={Boolean(fields.email)}
            helperText={fields.email ?? (member ? 'They change it themselves from their profile.' : undefined)}
            required
            autoComplete="off"
            disabled={member !== null}
            fullWidth
          />
          <TextField
            select
            label="Role"
            value={role}
            onChange={(event) => setRole(event.target.value as StaffRole)}
            error={Boolean(fields.role)}
            helperText={fields.role ?? roleDescription(role, limitPence)}
            slotProps={{ select: { renderValue: (value) => ROLE_LABELS[value as StaffRole] }, formHelperText: { id: `${id}-role-help` } }}
            fullWidth
          >
            {ASSIGNABLE_ROLES.map((option) => (
              <MenuItem key={option} value={option} sx={{ whiteSpace: 'normal' }}>
                <ListItemText primary={ROLE_LABELS[option]} secondary={roleDescription(option, limitPence)} />
              </MenuItem>
            ))}
          </TextField>
          {refusal && (
            <Alert severity="error" role="alert">
              {refusal}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {member ? 'Save' : 'Send invitation'}
        </Button>
      </DialogActions>
    </form>
  );
}
