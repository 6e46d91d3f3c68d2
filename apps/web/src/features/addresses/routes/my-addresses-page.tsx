import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Link as RouterLink } from 'react-router';
import type { AddressWire } from '@shop/shared/contract/addresses';
import { Page } from '../../../components/page';
import { paths } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { useAddresses } from '../api/address-api';
import { AddressForm } from '../components/address-form';
import { DeleteAddressDialog } from '../components/delete-address-dialog';
import { addressOneLine } from '../lib/address-text';
import { joinFullName } from '../lib/full-name';

/** Which form is open: a new address, or the one with this id. */
type Editing = { kind: 'new' } | { kind: 'edit'; id: string } | null;

/** The address form in place, with its heading; it takes the focus (and comes into view) when it opens. */
function FormInPlace({ stored, onDone }: { stored?: AddressWire; onDone: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  const title = stored ? 'Edit address' : 'Add address';
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
    box.current?.querySelector('input')?.focus();
  }, []);
  return (
    <Box ref={box} component="section" aria-label={title}>
      <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <AddressForm
        stored={stored}
        label={title}
        onSaved={(message) => {
          showToast(message, 'success');
          onDone();
        }}
        extraAction={<Button onClick={onDone}>Cancel</Button>}
      />
    </Box>
  );
}

function AddressCard({ address, onEdit, onDelete }: { address: AddressWire; onEdit: () => void; onDelete: () => void }) {
  const line = addressOneLine(address);
  return (
    <Paper component="li" variant="outlined" sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, p: 2, listStyle: 'none' }}>
      <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography fontWeight={600}>{joinFullName(address.firstname, address.lastname)}</Typography>
        <Typography variant="body2">{line}</Typography>
        <Typography variant="body2" color="text.secondary">
          {address.phone} · {address.Email}
        </Typography>
      </Box>
      <IconButton onClick={onEdit} aria-label={`Edit address ${line}`}>
        <EditOutlinedIcon />
      </IconButton>
      <IconButton onClick={onDelete} aria-label={`Delete address ${line}`}>
        <DeleteOutlineIcon />
      </IconButton>
    </Paper>
  );
}

/**
 * `/profile/addresses`, linked from My Profile: the customer's saved addresses, to add, edit and delete without going
 * through checkout. The same form and API as checkout's (`/addaddress`); saving stays on this page.
 */
export function MyAddressesPage() {
  const { user } = useSession();
  const addresses = useAddresses(user?.email);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<AddressWire | null>(null);
  const list = addresses.data ?? [];
  const close = () => setEditing(null);

  return (
    <Page
      title="My Addresses"
      actions={
        editing?.kind !== 'new' && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'new' })}>
            Add address
          </Button>
        )
      }
    >
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
        {editing?.kind === 'new' && <FormInPlace onDone={close} />}
        {addresses.isPending && <Skeleton variant="rounded" height={88} />}
        {addresses.isError && <Alert severity="error">{addresses.error.message}</Alert>}
        {addresses.isSuccess && list.length === 0 && editing === null && (
          <Typography color="text.secondary">You have no saved address yet. Add one here, or at checkout.</Typography>
        )}
        {list.length > 0 && (
          <Box component="ul" aria-label="Saved addresses" sx={{ display: 'grid', gap: 1.5, m: 0, p: 0 }}>
            {list.map((address) =>
              editing?.kind === 'edit' && editing.id === address._id ? (
                <Box component="li" key={address._id} sx={{ listStyle: 'none' }}>
                  <FormInPlace stored={address} onDone={close} />
                </Box>
              ) : (
                <AddressCard
                  key={address._id}
                  address={address}
                  onEdit={() => setEditing({ kind: 'edit', id: address._id })}
                  onDelete={() => setConfirming(address)}
                />
              ),
            )}
          </Box>
        )}
        <Link component={RouterLink} to={paths.myProfile}>
          Back to My Profile
        </Link>
      </Box>
      <DeleteAddressDialog
        address={confirming}
        onClose={() => setConfirming(null)}
        onDeleted={(id) => {
          if (editing?.kind === 'edit' && editing.id === id) close();
        }}
      />
    </Page>
  );
}
