import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';

export function SignInPage() {
  return (
    <Page title="Welcome Back">
      <Typography color="text.secondary">Here you will sign in with your email and password.</Typography>
    </Page>
  );
}
