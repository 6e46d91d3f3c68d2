import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';

export function DashboardPage() {
  return (
    <Page title="Dashboard">
      <Typography color="text.secondary">Pending orders, today’s sales, the orders summary and the revenue summary will be shown here.</Typography>
    </Page>
  );
}
