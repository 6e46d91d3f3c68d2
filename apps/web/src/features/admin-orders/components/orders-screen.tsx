import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';

/** Which orders a list shows; the periods are those of the dashboard (SPEC.md section 9). */
export type OrdersPeriod = 'all' | 'today' | 'last-day' | 'last-week' | 'last-month' | 'pending';

const DESCRIPTIONS: Record<OrdersPeriod, string> = {
  all: 'Every order, newest first',
  today: 'Orders placed today',
  'last-day': 'Orders placed yesterday',
  'last-week': 'Orders placed in the previous calendar week',
  'last-month': 'Orders placed in the previous calendar month',
  pending: 'Orders still waiting with status Pending Order, newest first',
};

interface OrdersScreenProps {
  period: OrdersPeriod;
  /** Tells the screens apart in the browser tab, since they share the heading. */
  documentTitle: string;
  title?: string;
}

/** The admin order lists: one screen titled Order List (SPEC.md section 2), filtered by period. */
export function OrdersScreen({ period, documentTitle, title = 'Order List' }: OrdersScreenProps) {
  return (
    <Page title={title} documentTitle={documentTitle}>
      <Typography color="text.secondary">
        {DESCRIPTIONS[period]} will be listed here with their id, date, time, email, payment, quantity, total price and
        status.
      </Typography>
    </Page>
  );
}
