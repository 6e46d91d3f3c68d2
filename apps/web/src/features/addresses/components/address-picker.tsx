import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Link as RouterLink } from 'react-router';
import type { AddressWire } from '@shop/shared/contract/addresses';
import { ADD_ADDRESS_CARD } from '@shop/shared/domain/messages';
import { useAddresses } from '../api/address-api';
import { addressOneLine } from '../lib/address-text';
import { joinFullName } from '../lib/full-name';
import { DeleteAddressDialog } from './delete-address-dialog';
import { paths, editAddressPath } from '../../../lib/paths';

interface AddressPickerProps {
  email: string;
  selectedId: string | null;
  onSelect(id: string | null): void;
}

/** The checkout's address list: choose one, edit or delete it, or add a new one. */
export function AddressPicker({ email, selectedId, onSelect }: AddressPickerProps) {
  const addresses = useAddresses(email);
  const [confirming, setConfirming] = useState<AddressWire | null>(null);
  const list = addresses.data ?? [];

  return (
    <Box component="section" aria-labelledby="address-heading">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography id="address-heading" variant="h3" component="h2">
          Delivery address
        </Typography>
        <Button component={RouterLink} to={paths.addAddress} variant="outlined" size="small" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          {ADD_ADDRESS_CARD}
        </Button>
      </Box>
      {addresses.isPending && <Skeleton variant="rounded" height={72} />}
      {addresses.isError && <Alert severity="error">{addresses.error.message}</Alert>}
      {addresses.isSuccess && list.length === 0 && (
        <Typography color="text.secondary">You have no saved address yet. Add one to order.</Typography>
      )}
      {list.length > 0 && (
        <RadioGroup aria-labelledby="address-heading" value={selectedId ?? ''} onChange={(event) => onSelect(event.target.value)}>
          {list.map((address) => (
            <Paper key={address._id} variant="outlined" sx={{ display: 'flex', alignItems: 'center', px: 1.5, py: 0.5, mb: 1 }}>
              <FormControlLabel
                value={address._id}
                control={<Radio />}
                sx={{ flex: 1, mr: 0, py: 0.5 }}
                label={
                  <Box>
                    <Typography fontWeight={600}>{joinFullName(address.firstname, address.lastname)}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {addressOneLine(address)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {address.phone} · {address.Email}
                    </Typography>
                  </Box>
                }
              />
              <IconButton component={RouterLink} to={editAddressPath(address._id)} aria-label={`Edit address ${addressOneLine(address)}`}>
                <EditOutlinedIcon />
              </IconButton>
              <IconButton onClick={() => setConfirming(address)} aria-label={`Delete address ${addressOneLine(address)}`}>
                <DeleteOutlineIcon />
              </IconButton>
            </Paper>
          ))}
        </RadioGroup>
      )}
      <DeleteAddressDialog
        address={confirming}
        onClose={() => setConfirming(null)}
        onDeleted={(id, deleted) => {
          if (deleted && selectedId === id) onSelect(null);
        }}
      />
    </Box>
  );
}
