import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { Page } from '../../../components/page';

/** `/addaddress` adds an address, `/addaddress/:id` edits one. */
export function AddressFormPage() {
  const { id } = useParams();
  return (
    <Page title={id ? 'Edit Address' : 'Add Address'}>
      <Typography color="text.secondary">
        Here you will enter your delivery address: full name, email, phone, address, town or city and post code.
      </Typography>
    </Page>
  );
}
