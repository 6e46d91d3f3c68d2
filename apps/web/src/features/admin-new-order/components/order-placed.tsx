import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { StaffOrderAnswer } from '@shop/shared/contract/staff-orders';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { adminOrderPath } from '../../../lib/paths';

const absolute = (path: string) => new URL(path, window.location.origin).toString();

/** The placed order: its number, its tracking link, and for a payment link where it went or why it did not. */
export function OrderPlaced({ answer, onNext }: { answer: StaffOrderAnswer; onNext(): void }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2, maxWidth: 720 }}
      role="status"
      aria-live="polite"
      data-testid="order-placed"
    >
      <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }}>
        Order {displayOrderId(answer.insertedId)} placed
      </Typography>
      <Box>
        <Typography variant="body2" color="text.secondary">
          Tracking link (the customer follows the order here)
        </Typography>
        <Link href={answer.trackingUrl} target="_blank" rel="noopener" data-testid="tracking-link" sx={{ overflowWrap: 'anywhere' }}>
          {absolute(answer.trackingUrl)}
        </Link>
      </Box>
      {answer.paymentUrl && answer.linkSentTo && (
        <Alert severity="success" data-testid="link-sent">
          Payment link sent. {answer.linkSentTo}. The order reaches the board once it is paid.
        </Alert>
      )}
      {answer.paymentUrl && answer.linkError && (
        <Alert severity="warning" data-testid="link-error">
          The payment link could not be sent: {answer.linkError} Read it to the customer:{' '}
          <Box component="strong" sx={{ overflowWrap: 'anywhere' }}>
            {absolute(answer.paymentUrl)}
          </Box>
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" onClick={onNext} autoFocus>
          Take another order
        </Button>
        <Button component={RouterLink} to={adminOrderPath(answer.insertedId)}>
          Open the order
        </Button>
      </Box>
    </Paper>
  );
}
