import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { AddressWire } from '@shop/shared/contract/addresses';
import type { DeliveryCheckAnswer } from '@shop/shared/contract/delivery-check';
import type { OrderSlotsAnswer } from '@shop/shared/contract/shop-status';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import { formatWirePounds } from '../../../lib/money';
import type { DraftSection, OrderDraft, TypedAddress } from '../lib/order-draft';

const TYPED = 'typed';

interface DeliverySectionProps {
  draft: OrderDraft;
  onChange(patch: Partial<OrderDraft>): void;
  onFulfilment(fulfilment: Fulfilment): void;
  /** The picked account's saved addresses ([] without one). */
  savedAddresses: readonly AddressWire[];
  /** What delivering to the address's post code adds, from the quote; undefined until there is one. */
  check: DeliveryCheckAnswer | undefined;
  slots: OrderSlotsAnswer | undefined;
  problems: Partial<Record<DraftSection, string>>;
}

function addressText(address: AddressWire): string {
  return [address.address, address.address2, address.city, address.postcode].filter((part) => part.trim() !== '').join(', ');
}

/** Delivery (a saved address or one typed, with the zone's fee or why the shop does not deliver there) or collection, and when. */
export function DeliverySection({ draft, onChange, onFulfilment, savedAddresses, check, slots, problems }: DeliverySectionProps) {
  const setAddress = (patch: Partial<TypedAddress>) => onChange({ address: { ...draft.address, ...patch } });
  const asapAllowed = slots?.asap ?? true;
  const later = !asapAllowed || draft.scheduledFor !== null;
  return (
    <>
      <Box component="section" aria-labelledby="new-order-how" sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id="new-order-how" component="h2" variant="h6">
            Delivery or collection
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            aria-label="Delivery or collection"
            value={draft.fulfilment}
            onChange={(_, value: Fulfilment | null) => value && onFulfilment(value)}
          >
            <ToggleButton value="delivery">Delivery</ToggleButton>
            <ToggleButton value="collection">Collection</ToggleButton>
          </ToggleButtonGroup>
        </Box>
        {draft.fulfilment === 'delivery' && (
          <>
            {savedAddresses.length > 0 && (
              <RadioGroup
                aria-label="Delivery address"
                value={draft.addressId ?? TYPED}
                onChange={(event) => onChange({ addressId: event.target.value === TYPED ? null : event.target.value })}
              >
                {savedAddresses.map((address) => (
                  <FormControlLabel key={address._id} value={address._id} control={<Radio size="small" />} label={addressText(address)} />
                ))}
                <FormControlLabel value={TYPED} control={<Radio size="small" />} label="Another address" />
              </RadioGroup>
            )}
            {draft.addressId === null && (
              <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { sm: '1fr 1fr' } }}>
                <TextField
                  label="Address"
                  size="small"
                  value={draft.address.address}
                  onChange={(event) => setAddress({ address: event.target.value })}
                  sx={{ gridColumn: { sm: '1 / -1' } }}
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                />
                <TextField
                  label="Address line 2 (optional)"
                  size="small"
                  value={draft.address.address2}
                  onChange={(event) => setAddress({ address2: event.target.value })}
                  sx={{ gridColumn: { sm: '1 / -1' } }}
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                />
                <TextField
                  label="Town or city"
                  size="small"
                  value={draft.address.city}
                  onChange={(event) => setAddress({ city: event.target.value })}
                  slotProps={{ htmlInput: { maxLength: 100 } }}
                />
                <TextField
                  label="Post code"
                  size="small"
                  value={draft.address.postcode}
                  onChange={(event) => setAddress({ postcode: event.target.value.toUpperCase() })}
                  slotProps={{ htmlInput: { maxLength: 20 } }}
                />
              </Box>
            )}
            {check && (
              <Typography variant="body2" role="status" data-testid="delivery-check" color={check.delivers ? 'text.secondary' : 'error'}>
                {check.delivers
                  ? `Delivers to ${check.postcode}: ${check.fee > 0 ? `${formatWirePounds(check.fee)} delivery` : 'free delivery'}${
                      check.minimumOrder > 0 ? `, minimum order ${formatWirePounds(check.minimumOrder)}` : ''
                    }.`
                  : check.message}
              </Typography>
            )}
          </>
        )}
        {problems.address && (
          <Alert severity="error" data-testid="address-problem">
            {problems.address}
          </Alert>
        )}
      </Box>

      <Box component="section" aria-labelledby="new-order-when" sx={{ display: 'grid', gap: 1 }}>
        <Typography id="new-order-when" component="h2" variant="h6">
          When
        </Typography>
        <RadioGroup
          row
          aria-labelledby="new-order-when"
          value={later ? 'later' : 'asap'}
          onChange={(event) => onChange({ scheduledFor: event.target.value === 'later' ? (slots?.slots[0]?.at ?? null) : null })}
        >
          {asapAllowed && (
            <FormControlLabel
              value="asap"
              control={<Radio size="small" />}
              label={slots ? `As soon as possible · about ${slots.quoteMinutes} min` : 'As soon as possible'}
            />
          )}
          <FormControlLabel
            value="later"
            control={<Radio size="small" />}
            label="For later"
            disabled={slots !== undefined && slots.slots.length === 0}
          />
        </RadioGroup>
        {later && slots && slots.slots.length > 0 && (
          <TextField
            select
            size="small"
            label="Time"
            value={draft.scheduledFor ?? ''}
            onChange={(event) => onChange({ scheduledFor: event.target.value || null })}
            sx={{ maxWidth: 240 }}
          >
            {slots.slots.map((slot) => (
              <MenuItem key={slot.at} value={slot.at}>
                {slot.label}
              </MenuItem>
            ))}
          </TextField>
        )}
        {!asapAllowed && slots && slots.slots.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            The shop takes no orders now, and there is no time left to order ahead for.
          </Typography>
        )}
        {problems.when && (
          <Alert severity="error" data-testid="when-problem">
            {problems.when}
          </Alert>
        )}
      </Box>
    </>
  );
}
