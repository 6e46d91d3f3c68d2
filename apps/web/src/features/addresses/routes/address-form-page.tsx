import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ADDRESS_ADDED, ADDRESS_UPDATED } from '@shop/shared/domain/messages';
import type { AddressWire } from '@shop/shared/contract/addresses';
import { Page } from '../../../components/page';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiError } from '../../../lib/api';
import { useAddress, useSaveAddress } from '../api/address-api';
import { addressBody, EMPTY_ADDRESS_FORM, type AddressFormValues } from '../lib/address-form';
import { joinFullName } from '../lib/full-name';
import { paths } from '../../../lib/paths';

/** The flash message /payment shows after an address was saved. */
export type AddressFlashState = { flash?: string };

const FIELDS: Array<{ name: keyof AddressFormValues; label: string; type: string; autoComplete: string; inputMode?: 'numeric' | 'email' }> =
  [
    { name: 'fullName', label: 'Full name', type: 'text', autoComplete: 'name' },
    { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', inputMode: 'email' },
    { name: 'phone', label: 'Phone number', type: 'tel', autoComplete: 'tel', inputMode: 'numeric' },
    { name: 'address', label: 'Address line', type: 'text', autoComplete: 'street-address' },
    { name: 'city', label: 'Town/City', type: 'text', autoComplete: 'address-level2' },
    { name: 'postcode', label: 'Post code', type: 'text', autoComplete: 'postal-code' },
  ];

function storedValues(address: AddressWire): AddressFormValues {
  return {
    fullName: joinFullName(address.firstname, address.lastname),
    email: address.Email,
    phone: address.phone,
    address: address.address,
    city: address.city,
    postcode: address.postcode,
  };
}

function AddressForm({ stored }: { stored?: AddressWire }) {
  const navigate = useNavigate();
  const save = useSaveAddress(stored?._id);
  const initial = stored ? storedValues(stored) : EMPTY_ADDRESS_FORM;
  const [values, setValues] = useState<AddressFormValues>(initial);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(addressBody(values, stored), {
      onSuccess: () => {
        const state: AddressFlashState = { flash: stored ? ADDRESS_UPDATED : ADDRESS_ADDED };
        void navigate(paths.payment, { state });
      },
      onError: (failure) => setError(failure instanceof ApiError ? failure.message : 'The address could not be saved. Try again.'),
    });
  };

  return (
    <Paper
      component="form"
      onSubmit={submit}
      onReset={() => {
        setValues(EMPTY_ADDRESS_FORM);
        setError(null);
      }}
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}
      noValidate={false}
    >
      <Stack spacing={2}>
        {stored && (
          <Typography color="text.secondary" variant="body2">
            A field left blank keeps its saved value.
          </Typography>
        )}
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            name={field.name}
            label={field.label}
            type={field.type}
            autoComplete={field.autoComplete}
            value={values[field.name]}
            onChange={(event) => setValues((current) => ({ ...current, [field.name]: event.target.value }))}
            // Every field is required for a new address; on edit a blank field falls back to the stored value.
            required={!stored}
            fullWidth
            slotProps={{
              htmlInput: { ...(field.inputMode ? { inputMode: field.inputMode } : {}), maxLength: field.name === 'address' ? 200 : 100 },
            }}
          />
        ))}
        {error && <Alert severity="error">{error}</Alert>}
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Done
          </Button>
          <Button type="reset" variant="outlined" disabled={save.isPending}>
            Reset
          </Button>
          <Button component={RouterLink} to={paths.payment} sx={{ ml: 'auto' }}>
            Back to checkout
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

/** `/addaddress` adds an address, `/addaddress/:id` edits one. On success the customer goes to /payment. */
export function AddressFormPage() {
  const { id } = useParams();
  const address = useAddress(id);
  if (!id) {
    return (
      <Page title="Add Address">
        <AddressForm />
      </Page>
    );
  }
  return (
    <Page title="Edit Address">
      {address.isPending && <PageSpinner label="Loading the address" />}
      {address.isError && <Alert severity="error">{address.error.message}</Alert>}
      {address.data && <AddressForm key={address.data._id} stored={address.data} />}
    </Page>
  );
}
