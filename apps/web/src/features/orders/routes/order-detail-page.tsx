import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { Page } from '../../../components/page';

export function OrderDetailPage() {
  const { ordersId = '' } = useParams();
  // SPEC.md section 9: an order is shown by its id from character 18 onwards.
  const shortId = ordersId.length > 18 ? ordersId.slice(18) : ordersId;
  return (
    <Page title={`Order ${shortId}`}>
      <Typography color="text.secondary">
        The delivery address, the payment and the items of your order will be shown here, with the total price.
      </Typography>
    </Page>
  );
}
