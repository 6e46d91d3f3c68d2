import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ShopTrader } from '@shop/shared/contract/settings';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import type { ContactDraft, ContactProblems } from '../lib/collection';

interface FulfilmentChooserProps {
  value: Fulfilment;
  onChange(value: Fulfilment): void;
  /** The shop a collection order is collected from; undefined while it loads. */
  shop: ShopTrader | undefined;
  contact: ContactDraft;
  onContact(contact: ContactDraft): void;
  /** The contact's problems, shown once the customer has tried to place the order. */
  problems: ContactProblems;
}

/**
 * Checkout's first choice (issue 22 point 3): Delivery or Collection. Collection asks for a name and a phone number
 * (the shop calls when the order is late to be collected) and shows the shop's address to collect from.
 */
export function FulfilmentChooser({ value, onChange, shop, contact, onContact, problems }: FulfilmentChooserProps) {
  return (
    <FormControl sx={{ display: 'grid', gap: 1 }}>
      <FormLabel
        id="fulfilment-label"
        sx={{ typography: 'h3', color: 'text.primary', mb: 0.5, '&.Mui-focused': { color: 'text.primary' } }}
      >
        Delivery or collection
      </FormLabel>
      <RadioGroup row aria-labelledby="fulfilment-label" value={value} onChange={(event) => onChange(event.target.value as Fulfilment)}>
        <FormControlLabel value="delivery" control={<Radio />} label="Delivery" />
        <FormControlLabel value="collection" control={<Radio />} label="Collection" />
      </RadioGroup>
      {value === 'collection' && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Box component="section" aria-labelledby="collect-from-heading">
            <Typography id="collect-from-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
              Collect from
            </Typography>
            {shop ? (
              <Typography component="address" sx={{ fontStyle: 'normal' }}>
                {[shop.name, ...shop.address].map((line) => (
                  <span key={line} style={{ display: 'block' }}>
                    {line}
                  </span>
                ))}
              </Typography>
            ) : (
              <Skeleton variant="rounded" height={60} />
            )}
          </Box>
          <TextField
            label="Your name"
            value={contact.name}
            onChange={(event) => onContact({ ...contact, name: event.target.value })}
            error={Boolean(problems.name)}
            helperText={problems.name}
            autoComplete="name"
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            label="Phone number"
            value={contact.phone}
            onChange={(event) => onContact({ ...contact, phone: event.target.value })}
            error={Boolean(problems.phone)}
            helperText={problems.phone ?? 'So we can call you about your order'}
            autoComplete="tel"
            type="tel"
            slotProps={{ htmlInput: { maxLength: 40 } }}
          />
        </Box>
      )}
    </FormControl>
  );
}
