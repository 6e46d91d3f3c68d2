import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../../components/page';

/** `/profile/my-profile`. */
export function ProfilePage() {
  return (
    <Page title="My Profile">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Here you will change your name, email and password.
      </Typography>
      <Link component={RouterLink} to="/profile/my-orders">
        See Order History
      </Link>
    </Page>
  );
}
