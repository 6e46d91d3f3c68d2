import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { Page } from '../../../components/page';

export function AdminOrderDetailPage() {
  const { ordersId = '' } = useParams();
  // SPEC.md section 9: an order is shown by its id from character 18 onwards.
  const shortId = ordersId.length > 18 ? ordersId.slice(18) : ordersId;
  return (
    <Page title={`Order ${shortId}`} documentTitle={`Order ${shortId}`}>
      <Typography color="text.secondary">
        The customer&apos;s address, the payment and the items of this order will be shown here, with its status.
      </Typography>
    </Page>
  );
}
