import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { CallerOrder, StaffCustomer } from '@shop/shared/contract/staff-orders';
import type { StaffChannel } from '@shop/shared/domain/order-channel';
import { canonicalPhone, formatPhone, PHONE_MESSAGE } from '@shop/shared/domain/phone';
import { formatWirePounds } from '../../../lib/money';
import { useCallerLookup } from '../api/new-order-api';
import type { DraftSection, OrderDraft } from '../lib/order-draft';

interface CallerSectionProps {
  draft: OrderDraft;
  onChange(patch: Partial<OrderDraft>): void;
  onChannel(channel: StaffChannel): void;
  /** The phone field's text changed (the screen makes the order a phone order when a number comes first). */
  onPhoneTyped(text: string): void;
  onPick(customer: StaffCustomer): void;
  onRepeat(customer: StaffCustomer, order: CallerOrder): void;
  problems: Partial<Record<DraftSection, string>>;
}

/**
 * The number the caller's lookup asks for: a whole UK number as soon as it is typed (11 digits), any other possible
 * number once Enter or Find asks.
 */
function useLookupPhone(text: string) {
  const canonical = canonicalPhone(text);
  const [asked, setAsked] = useState<string | null>(null);
  const whole = canonical !== null && canonical.startsWith('+44') && canonical.length >= 13;
  const lookup = canonical !== null && (whole || asked === canonical) ? canonical : null;
  return { lookup, canonical, ask: () => setAsked(canonical) };
}

function addressText(address: { address: string; address2: string; city: string; postcode: string }): string {
  return [address.address, address.address2, address.city, address.postcode].filter((part) => part.trim() !== '').join(', ');
}

/**
 * Who the order is for: Phone or Counter, the phone number (any spelling) that finds the caller, each match with
 * their addresses and last orders to repeat, and the name and e-mail (filled by picking a match, or typed for a new
 * caller).
 */
export function CallerSection({ draft, onChange, onChannel, onPhoneTyped, onPick, onRepeat, problems }: CallerSectionProps) {
  const { lookup, canonical, ask } = useLookupPhone(draft.phone);
  const [phoneRefused, setPhoneRefused] = useState(false);
  const found = useCallerLookup(lookup);
  const customers = found.data?.customers ?? [];
  const phoneProblem = problems.phone ?? (phoneRefused && canonical === null ? PHONE_MESSAGE : undefined);

  let matches: ReactNode = null;
  if (lookup && found.isPending) matches = <CircularProgress size={24} aria-label="Finding the caller" />;
  else if (lookup && found.isError) matches = <Alert severity="error">{found.error.message}</Alert>;
  else if (lookup && customers.length === 0)
    matches = (
      <Alert severity="info" role="status" data-testid="new-caller">
        New caller: nobody has ordered with {formatPhone(lookup)}. Take their name (and an e-mail if they give one).
      </Alert>
    );
  else if (lookup)
    matches = (
      <Stack spacing={1} component="ul" aria-label="Customers with this number" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {customers.map((customer) => (
          <CustomerMatch
            key={customer.userId ?? customer.phone}
            customer={customer}
            picked={draft.accountId !== null && draft.accountId === customer.userId}
            onPick={() => onPick(customer)}
            onRepeat={(order) => onRepeat(customer, order)}
          />
        ))}
      </Stack>
    );

  return (
    <Box component="section" aria-labelledby="new-order-customer" sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id="new-order-customer" component="h2" variant="h6">
          Customer
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          aria-label="Channel"
          value={draft.channel}
          onChange={(_, value: StaffChannel | null) => value && onChannel(value)}
        >
          <ToggleButton value="phone">Phone</ToggleButton>
          <ToggleButton value="counter">Counter</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <Box
        component="form"
        role="search"
        aria-label="Find the caller"
        onSubmit={(event) => {
          event.preventDefault();
          setPhoneRefused(true);
          ask();
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
      >
        <TextField
          label="Phone"
          type="tel"
          autoComplete="off"
          size="small"
          fullWidth
          autoFocus
          value={draft.phone}
          onChange={(event) => {
            setPhoneRefused(false);
            onPhoneTyped(event.target.value);
          }}
          error={Boolean(phoneProblem)}
          helperText={phoneProblem ?? 'Any spelling: 07700 900123, +44 7700 900123'}
          slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'caller-phone' } }}
        />
        <Button type="submit" variant="outlined" sx={{ flexShrink: 0, mt: 0.25 }}>
          Find
        </Button>
      </Box>
      {matches}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <TextField
          label="Name"
          size="small"
          value={draft.name}
          onChange={(event) => onChange({ name: event.target.value })}
          error={Boolean(problems.name)}
          helperText={problems.name}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField
          label="E-mail (optional)"
          type="email"
          size="small"
          value={draft.email}
          onChange={(event) => onChange({ email: event.target.value })}
          error={Boolean(problems.email)}
          helperText={problems.email ?? 'For the receipt and a payment link'}
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />
      </Box>
      {draft.accountId && (
        <Typography variant="body2" color="text.secondary" data-testid="picked-account">
          The order joins {draft.name || 'the customer'}’s account.{' '}
          <Button size="small" onClick={() => onChange({ accountId: null, addressId: null })}>
            Not this customer
          </Button>
        </Typography>
      )}
    </Box>
  );
}

function CustomerMatch({
  customer,
  picked,
  onPick,
  onRepeat,
}: {
  customer: StaffCustomer;
  picked: boolean;
  onPick(): void;
  onRepeat(order: CallerOrder): void;
}) {
  return (
    <Card
      component="li"
      variant="outlined"
      aria-label={customer.name}
      data-testid="caller-match"
      sx={picked ? { borderColor: 'primary.main' } : undefined}
    >
      <CardContent sx={{ display: 'grid', gap: 1, '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline', justifyContent: 'space-between' }}>
          <Box>
            <Typography component="h3" sx={{ fontWeight: 700 }}>
              {customer.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatPhone(customer.phone)}
              {customer.email ? ` · ${customer.email}` : ''}
              {customer.userId ? '' : ' · no account'}
            </Typography>
          </Box>
          <Button variant={picked ? 'outlined' : 'contained'} size="small" onClick={onPick} disabled={picked}>
            {picked ? 'Chosen' : 'Use this customer'}
          </Button>
        </Box>
        {customer.addresses.length > 0 && (
          <Box>
            <Typography variant="overline" component="h4">
              Saved addresses
            </Typography>
            {customer.addresses.map((address) => (
              <Typography key={address._id} variant="body2">
                {addressText(address)}
              </Typography>
            ))}
          </Box>
        )}
        {customer.lastOrders.length > 0 && (
          <Box>
            <Typography variant="overline" component="h4">
              Last orders
            </Typography>
            <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {customer.lastOrders.map((order) => (
                <Box
                  component="li"
                  key={order._id}
                  sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}
                >
                  <Typography variant="body2" sx={{ minWidth: 0, flex: '1 1 12rem' }}>
                    {order.date} · {order.summary} · {formatWirePounds(order.totalPrice)}
                    {order.fulfilment === 'collection' ? ' · collected' : ''}
                  </Typography>
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => onRepeat(order)}
                    aria-label={`Repeat this order of ${order.date}: ${order.summary}`}
                  >
                    Repeat this order
                  </Button>
                </Box>
              ))}
            </Stack>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
