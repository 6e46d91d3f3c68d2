import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/use-session';
import { useDispatch, useLiveDispatch } from '../api/dispatch-api';

/**
 * On every admin page, for those who dispatch: the watchdog's warnings of `GET /api/dispatch` ('Order 1a2b3c ready
 * 12 min, no driver', a delivery on the way far past its time), each linking to Dispatch. Asked with Dispatch's own
 * query, so the two never disagree, and gone once the server stops warning.
 */
export function WatchdogBanner() {
  const dispatches = useCan('dispatch');
  if (!dispatches) return null;
  return <Warnings />;
}

function Warnings() {
  const dispatch = useDispatch();
  useLiveDispatch();
  const warnings = dispatch.data?.warnings ?? [];
  if (warnings.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1, mt: 2 }}>
      {warnings.map((warning) => (
        <Alert
          key={`${warning.kind}-${warning.orderId}`}
          severity={warning.kind === 'late' ? 'error' : 'warning'}
          role="alert"
          aria-label={warning.kind === 'late' ? 'Delivery late' : 'Delivery waiting for a driver'}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {warning.message}.{' '}
          <Link component={RouterLink} to={paths.dispatch} color="inherit" sx={{ fontWeight: 700 }}>
            Dispatch
          </Link>
        </Alert>
      ))}
    </Box>
  );
}
