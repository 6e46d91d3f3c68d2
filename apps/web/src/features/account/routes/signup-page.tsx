import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';

export function SignUpPage() {
  return (
    <Page title="Sign Up">
      <Typography color="text.secondary">Here you will create an account so you can order from us.</Typography>
    </Page>
  );
}
