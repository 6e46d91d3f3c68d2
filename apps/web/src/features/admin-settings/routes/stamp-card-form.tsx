import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { ShopSettingsWire } from '@shop/shared/contract/settings';
import { useProducts } from '../../../lib/menu-queries';
import { SettingsSection } from '../components/settings-section';
import {
  changedStampCard,
  readStampCardDraft,
  STAMP_CARD_FIELDS,
  STAMPS_RANGE,
  stampCardDraftOf,
  type StampCardDraft,
  type StampCardErrors,
} from '../lib/stamp-card-form';

/** The menu's products to choose the free one from; asked only once the owner picks a free product. */
function RewardProduct({ value, error, onChange }: { value: string; error: string | undefined; onChange(id: string): void }) {
  const products = useProducts();
  return (
    <TextField
      select
      label="Free product"
      value={products.data ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? 'One of it (as the customer orders it) comes off when it is in the order.'}
      sx={{ maxWidth: 420 }}
    >
      {(products.data ?? []).map((product) => (
        <MenuItem key={product._id} value={product._id}>
          {product.title}
        </MenuItem>
      ))}
    </TextField>
  );
}

function StampCardFields({
  draft,
  errors,
  edit,
}: {
  draft: StampCardDraft;
  errors: StampCardErrors;
  edit<K extends keyof StampCardDraft>(field: K, value: StampCardDraft[K]): void;
}) {
  return (
    <>
      <FormControlLabel
        control={<Switch checked={draft.enabled} onChange={(event) => edit('enabled', event.target.checked)} />}
        label="Run a stamp card"
      />
      {draft.enabled && (
        <>
          <TextField
            label="Stamps for the reward"
            value={draft.stampsNeeded}
            onChange={(event) => edit('stampsNeeded', event.target.value)}
            required
            error={Boolean(errors.stampsNeeded)}
            helperText={
              errors.stampsNeeded ??
              `${STAMPS_RANGE.min} to ${STAMPS_RANGE.max}. Each delivered or collected order of a signed-in customer earns one.`
            }
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
            sx={{ maxWidth: 360 }}
          />
          <FormControl>
            <FormLabel id="stamp-reward-kind">Reward</FormLabel>
            <RadioGroup
              aria-labelledby="stamp-reward-kind"
              row
              value={draft.rewardKind}
              onChange={(event) => edit('rewardKind', event.target.value === 'product' ? 'product' : 'amount')}
            >
              <FormControlLabel value="amount" control={<Radio />} label="An amount off" />
              <FormControlLabel value="product" control={<Radio />} label="A free product" />
            </RadioGroup>
          </FormControl>
          {draft.rewardKind === 'amount' ? (
            <TextField
              label="Amount off"
              value={draft.pounds}
              onChange={(event) => edit('pounds', event.target.value)}
              required
              error={Boolean(errors.pounds)}
              helperText={errors.pounds ?? 'Off the food, never more than it.'}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
                htmlInput: { inputMode: 'decimal', maxLength: 8 },
              }}
              sx={{ maxWidth: 360 }}
            />
          ) : (
            <RewardProduct value={draft.productId} error={errors.productId} onChange={(id) => edit('productId', id)} />
          )}
        </>
      )}
    </>
  );
}

/** The stamp card (decision 1601): off, or N stamps for an amount off or a free product, saved with PUT /api/shop-settings. */
export function StampCardForm({ saved }: { saved: ShopSettingsWire }) {
  return (
    <SettingsSection
      label="Stamp card"
      title="Stamp card"
      intro="Signed-in customers collect a stamp for each completed order and spend a full card at checkout. A canceled or fully refunded order takes its stamp back."
      saved={saved}
      draftOf={stampCardDraftOf}
      read={readStampCardDraft}
      changed={changedStampCard}
      fields={STAMP_CARD_FIELDS}
      savedMessage="Stamp card saved"
    >
      {(fields) => <StampCardFields {...fields} />}
    </SettingsSection>
  );
}
