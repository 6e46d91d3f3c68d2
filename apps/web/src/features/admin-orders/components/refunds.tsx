import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OrderWire, RefundWire } from '@shop/shared/contract/orders';
import { formatPounds } from '@shop/shared/domain/money';
import { DEFAULT_COUNTER_REFUND_LIMIT } from '@shop/shared/domain/roles';
import { MAX_CANCEL_REASON_LENGTH } from '@shop/shared/domain/order-promise';
import { ConfirmDialog } from '../../../components/back-office/confirm-dialog';
import { formatWirePounds } from '../../../lib/money';
import { useShopSettings } from '../../../lib/shop-settings';
import { showToast } from '../../../lib/toast';
import { useCan } from '../../../lib/use-session';
import { useRefundOrder } from '../api/admin-orders-api';
import { londonDateTime, readRefund, refundLeft, refundStatusText, type RefundErrors } from '../lib/order-page';

/**
 * A partial or whole refund of a captured card payment: an amount in pounds (at most what is left, which
 * it shows, and refuses more before sending) and a reason the customer reads. Money leaving the shop is asked
 * first, naming the amount ('Refund £18.99 to the customer’s card?'); then it is sent as
 * `POST /api/orders/{id}/refunds`, and the server's refusal is shown under the form.
 */
/** A refund as sent: pounds, and the reason the customer reads. */
type RefundRequest = { amount: number; reason: string };

export function RefundForm({ order }: { order: OrderWire }) {
  const id = useId();
  const refund = useRefundOrder(order._id);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<RefundErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const mayRefund = useCan('refund');
  const unlimited = useCan('refundAny');
  const limit = useShopSettings().data?.counterRefundLimit;
  /** The refund checked and waiting for its confirmation. */
  const [asking, setAsking] = useState<RefundRequest | null>(null);
  const left = refundLeft(order);
  if (left <= 0 || !mayRefund) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (refund.isPending) return;
    setRefusal(null);
    const read = readRefund({ amount, reason }, left);
    if (read.errors) {
      setErrors(read.errors);
      return;
    }
    setAsking(read.request);
  }

  function send(request: RefundRequest) {
    refund.mutate(request, {
      onSuccess: (answer) => {
        setAsking(null);
        showToast(`Refunded ${formatWirePounds(answer.refund.amount)} to the customer’s card`);
        setAmount('');
        setReason('');
        setErrors({});
      },
      onError: (error) => {
        setAsking(null);
        setRefusal(error.message);
      },
    });
  }

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`} sx={{ mt: 2 }}>
      <Typography id={`${id}-title`} variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
        Refund
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }} data-testid="refund-left">
        {formatPounds(left)} left to refund
      </Typography>
      {/* A counter's refunds are limited per order (the owner sets how much); the server refuses more. */}
      {!unlimited && (
        <Alert severity="info" role="note" sx={{ mb: 1.5 }} data-testid="refund-limit">
          {limit === undefined
            ? `Up to ${formatPounds(DEFAULT_COUNTER_REFUND_LIMIT)} per order from your login, unless the owner set another limit;`
            : `Up to ${formatPounds(Math.round(limit * 100))} per order from your login;`}{' '}
          refunds made before count. A manager or the owner refunds more.
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="Amount"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setErrors(({ amount: _gone, ...rest }) => rest);
          }}
          error={Boolean(errors.amount)}
          helperText={errors.amount ?? ' '}
          required
          size="small"
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
            htmlInput: { inputMode: 'decimal', maxLength: 10 },
          }}
          sx={{ width: { xs: '100%', sm: 150 } }}
        />
        <TextField
          label="Reason"
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setErrors(({ reason: _gone, ...rest }) => rest);
          }}
          error={Boolean(errors.reason)}
          helperText={errors.reason ?? 'The customer reads it, e.g. an item was missing'}
          required
          size="small"
          fullWidth
          slotProps={{ htmlInput: { maxLength: MAX_CANCEL_REASON_LENGTH } }}
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
        <Button type="submit" variant="contained" color="warning" disabled={refund.isPending}>
          Refund
        </Button>
        <Button
          type="button"
          disabled={refund.isPending}
          onClick={() => {
            setAmount((left / 100).toFixed(2));
            setErrors(({ amount: _gone, ...rest }) => rest);
          }}
        >
          All {formatPounds(left)}
        </Button>
      </Stack>
      {refusal && (
        <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
          {refusal}
        </Alert>
      )}
      <ConfirmDialog
        open={asking !== null}
        question={`Refund ${asking ? formatWirePounds(asking.amount) : ''} to the customer’s card?`}
        detail={asking ? `Reason the customer reads: ${asking.reason}` : undefined}
        confirmLabel="Refund"
        busy={refund.isPending}
        onConfirm={() => asking && send(asking)}
        onClose={() => setAsking(null)}
      />
    </Box>
  );
}

/** The order's refunds, oldest first: amount, reason, status and, for a failed one, why. */
export function RefundList({ refunds }: { refunds: RefundWire[] }) {
  const id = useId();
  if (refunds.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography id={id} variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 700, mb: 0.5 }}>
        Refunds
      </Typography>
      <TableContainer>
        <Table size="small" aria-labelledby={id} sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Reason</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {refunds.map((refund) => (
              <TableRow key={refund._id}>
                <TableCell>{londonDateTime(refund.createdAt)}</TableCell>
                <TableCell align="right">{formatWirePounds(refund.amount)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{refund.reason}</TableCell>
                <TableCell>
                  <Box component="span" sx={{ color: refund.status === 'failed' ? 'error.main' : undefined, fontWeight: 600 }}>
                    {refundStatusText(refund.status)}
                  </Box>
                  {refund.failureReason && (
                    <Typography variant="body2" color="text.secondary">
                      {refund.failureReason}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
