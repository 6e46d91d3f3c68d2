import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { ShopSettingsWire } from '@shop/shared/contract/settings';
import { openingStatusQueryKey } from '../../../lib/opening-status';
import { SHOP_TRADER_KEY } from '../../../lib/shop-trader';
import { SettingsSection } from '../components/settings-section';
import { changedShopSettings, COLLECTION_RANGE, readShopDraft, SHOP_FIELDS, shopDraftOf, type ShopField } from '../lib/shop-form';

const LABELS: Record<ShopField, string> = {
  traderName: 'Trading name',
  traderAddress: 'Address',
  traderPhone: 'Phone',
  traderEmail: 'E-mail',
  vatNumber: 'VAT number',
  shopPostcode: 'The shop’s post code',
  collectionMinutes: 'Usual time to collect',
};

const HELP: Record<ShopField, string> = {
  traderName: 'The name customers buy from, as on the footer, at checkout and on receipts.',
  traderAddress: 'The shop’s address, one line each: the street, then the town and post code.',
  traderPhone: 'Customers call it about their orders and to arrange delivery beyond the area.',
  traderEmail: 'Customers write to it; shown on the footer and receipts.',
  vatNumber: 'Only if the shop is VAT-registered: receipts then show the VAT included per rate. Leave it empty otherwise.',
  shopPostcode: 'Where the delivery area starts from. Until it is set, every UK post code is taken.',
  collectionMinutes: `${COLLECTION_RANGE.min} to ${COLLECTION_RANGE.max} minutes: the quote for a collection order with nothing else on.`,
};

/** 'The shop' (decision 1002): who customers contract with, the shop's post code and collection's time. */
export function ShopDetailsForm({ saved }: { saved: ShopSettingsWire }) {
  return (
    <SettingsSection
      label="The shop"
      title="The shop"
      intro="Who customers buy from: shown on every page’s footer, at checkout and on every receipt, as the law asks."
      saved={saved}
      draftOf={shopDraftOf}
      read={readShopDraft}
      changed={changedShopSettings}
      fields={SHOP_FIELDS}
      savedMessage="Shop details saved"
      onSaved={(client) => {
        void client.invalidateQueries({ queryKey: SHOP_TRADER_KEY });
        void client.invalidateQueries({ queryKey: openingStatusQueryKey });
      }}
    >
      {({ draft, errors, edit }) =>
        SHOP_FIELDS.map((field) => (
          <TextField
            key={field}
            label={LABELS[field]}
            value={draft[field]}
            onChange={(event) => edit(field, event.target.value)}
            required={field !== 'vatNumber' && field !== 'shopPostcode'}
            error={Boolean(errors[field])}
            helperText={errors[field] ?? HELP[field]}
            multiline={field === 'traderAddress'}
            minRows={field === 'traderAddress' ? 2 : undefined}
            type={field === 'traderEmail' ? 'email' : field === 'traderPhone' ? 'tel' : 'text'}
            slotProps={
              field === 'collectionMinutes'
                ? {
                    input: { endAdornment: <InputAdornment position="end">min</InputAdornment> },
                    htmlInput: { inputMode: 'numeric', maxLength: 4 },
                  }
                : { htmlInput: { maxLength: field === 'traderAddress' ? 600 : 120 } }
            }
            sx={{ maxWidth: field === 'collectionMinutes' ? 360 : 480 }}
          />
        ))
      }
    </SettingsSection>
  );
}
