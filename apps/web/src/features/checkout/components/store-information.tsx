import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DELIVERY_RADIUS_NOTICE, NO_REFUND_OUTSIDE_HOURS, ORDER_CUTOFF_NOTICE } from '@shop/shared/domain/messages';
import { dayHoursText, OPENING_HOURS, type OrderingStatus } from '@shop/shared/domain/opening-hours';

/** SPEC.md section 1: opening hours, the 15-minute cut-off, refunds and the delivery radius. */
export function StoreInformation({ status }: { status: OrderingStatus | undefined }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="store-info-heading" sx={{ p: 2 }}>
      <Typography id="store-info-heading" variant="h3" component="h2" gutterBottom>
        Store information
      </Typography>
      {status && (
        <Alert severity={status.acceptingOrders ? 'info' : 'warning'} sx={{ mb: 1.5 }}>
          {status.message}
        </Alert>
      )}
      <Table size="small" aria-label="Opening hours">
        <TableBody>
          {OPENING_HOURS.map((day) => (
            <TableRow key={day.day}>
              <TableCell component="th" scope="row" sx={{ pl: 0 }}>
                {day.day}
              </TableCell>
              <TableCell sx={{ pr: 0 }} align="right">
                {dayHoursText(day)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box component="ul" sx={{ pl: 2.5, mb: 0, '& li': { mb: 0.5 } }}>
        <Typography component="li" variant="body2">
          {ORDER_CUTOFF_NOTICE}
        </Typography>
        <Typography component="li" variant="body2">
          {NO_REFUND_OUTSIDE_HOURS}
        </Typography>
        <Typography component="li" variant="body2">
          {DELIVERY_RADIUS_NOTICE}
        </Typography>
      </Box>
    </Paper>
  );
}
