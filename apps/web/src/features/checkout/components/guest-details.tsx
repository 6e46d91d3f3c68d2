import type { ReactNode } from 'react';
import { Alert, TextField } from '../../../components/ui';
import type { GuestDraft, GuestField, GuestProblems } from '../lib/guest-details';

interface FieldSpec {
  name: GuestField;
  label: string;
  type: string;
  autoComplete: string;
  inputMode?: 'email' | 'tel';
  maxLength: number;
  required: boolean;
  hint?: string;
}

// The address form's fields and autocomplete names (features/addresses), less the contact it takes from the guest.
const CONTACT_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Full name', type: 'text', autoComplete: 'name', maxLength: 100, required: true },
  {
    name: 'email',
    label: 'Email',
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
    maxLength: 254,
    required: true,
    hint: 'Your receipt and the link to follow your order go here',
  },
  {
    name: 'phone',
    label: 'Phone number',
    type: 'tel',
    autoComplete: 'tel',
    inputMode: 'tel',
    maxLength: 40,
    required: true,
    hint: 'So we can call you about your order',
  },
];

const ADDRESS_FIELDS: FieldSpec[] = [
  { name: 'address', label: 'Address line', type: 'text', autoComplete: 'address-line1', maxLength: 200, required: true },
  { name: 'address2', label: 'Address line 2 (optional)', type: 'text', autoComplete: 'address-line2', maxLength: 200, required: false },
  { name: 'city', label: 'Town/City', type: 'text', autoComplete: 'address-level2', maxLength: 100, required: true },
  { name: 'postcode', label: 'Post code', type: 'text', autoComplete: 'postal-code', maxLength: 20, required: true },
];

interface GuestFieldsProps {
  draft: GuestDraft;
  onChange(field: GuestField, value: string): void;
  /** A field left: its problem shows from then on. */
  onLeave(field: GuestField): void;
  /** The problem shown under each field (the page's check once left, or the server's words). */
  errors: GuestProblems;
}

function Fields({ specs, draft, onChange, onLeave, errors }: GuestFieldsProps & { specs: FieldSpec[] }) {
  return specs.map((field) => (
    <TextField
      key={field.name}
      name={`guest-${field.name}`}
      label={field.label}
      type={field.type}
      autoComplete={field.autoComplete}
      inputMode={field.inputMode}
      maxLength={field.maxLength}
      required={field.required}
      value={draft[field.name]}
      onChange={(event) => onChange(field.name, event.target.value)}
      onBlur={() => onLeave(field.name)}
      // TextField puts the words under the field, with aria-invalid and aria-describedby on the input.
      error={errors[field.name] !== undefined}
      helperText={errors[field.name] ?? field.hint}
      fullWidth
    />
  ));
}

/** A guest's name, e-mail and phone: their own section, before the address (decision 1502). */
export function GuestContact(props: GuestFieldsProps & { signIn: ReactNode }) {
  return (
    <section aria-labelledby="guest-details-heading" className="ui-surface ui-stack">
      <div className="guest-details-head">
        <h2 id="guest-details-heading" className="checkout-title">
          Your details
        </h2>
        {props.signIn}
      </div>
      <Fields specs={CONTACT_FIELDS} {...props} />
    </section>
  );
}

/** A guest's delivery address, typed (a guest has no saved addresses); whether the shop delivers there under it. */
export function GuestAddress(props: GuestFieldsProps & { deliveryWarning: string | null }) {
  return (
    <div className="ui-stack" role="group" aria-labelledby="guest-address-heading">
      <h2 id="guest-address-heading" className="checkout-title">
        Delivery address
      </h2>
      <Fields specs={ADDRESS_FIELDS} {...props} />
      {props.deliveryWarning && (
        <Alert severity="warning">
          <span data-testid="delivery-warning">{props.deliveryWarning}</span>
        </Alert>
      )}
    </div>
  );
}
