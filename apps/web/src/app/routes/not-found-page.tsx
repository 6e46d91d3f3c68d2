import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { paths } from '../../lib/paths';

export function NotFoundPage() {
  return (
    <Page title="Page Not Found">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        There is nothing at this address. It may have moved, or the link may be mistyped.
      </Typography>
      <Button component={Link} to={paths.home} variant="contained">
        Back to the menu
      </Button>
    </Page>
  );
}
