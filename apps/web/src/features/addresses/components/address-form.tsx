import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { normalisePostcode, type AddressWire } from '@shop/shared/contract/addresses';
import { ADDRESS_ADDED, ADDRESS_UPDATED } from '@shop/shared/domain/messages';
import { Alert, Button, TextField } from '../../../components/ui';
import { ApiError } from '../../../lib/api';
import { useDeliveryCheck } from '../../../lib/delivery-check';
import { useSaveAddress } from '../api/address-api';
import { addressBody, addressFieldErrors, EMPTY_ADDRESS_FORM, type AddressFieldErrors, type AddressFormValues } from '../lib/address-form';
import { joinFullName } from '../lib/full-name';

const FIELDS: Array<{ name: keyof AddressFormValues; label: string; type: string; autoComplete: string; inputMode?: 'numeric' | 'email' }> =
  [
    { name: 'fullName', label: 'Full name', type: 'text', autoComplete: 'name' },
    { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', inputMode: 'email' },
    { name: 'phone', label: 'Phone number', type: 'tel', autoComplete: 'tel', inputMode: 'numeric' },
    { name: 'address', label: 'Address line', type: 'text', autoComplete: 'street-address' },
    { name: 'city', label: 'Town/City', type: 'text', autoComplete: 'address-level2' },
    { name: 'postcode', label: 'Post code', type: 'text', autoComplete: 'postal-code' },
  ];

function storedValues(address: AddressWire): AddressFormValues {
  return {
    fullName: joinFullName(address.firstname, address.lastname),
    email: address.Email,
    phone: address.phone,
    address: address.address,
    city: address.city,
    postcode: address.postcode,
  };
}

interface AddressFormProps {
  /** The address being edited; none to add one. */
  stored?: AddressWire;
  /** After the server saved it, with the spec's message ('Address Added Successful!' or 'Address Updated Successful!'). */
  onSaved: (message: string) => void;
  /** At the end of the buttons' row, e.g. 'Back to checkout' or 'Cancel'. */
  extraAction?: ReactNode;
  /** Names the form for assistive technology, e.g. 'Add address'. */
  label?: string;
}

/**
 * The address form (SPEC.md section 5): the checkout's /addaddress pages and the profile's My addresses use it, with
 * the addresses API (`POST` or `PUT /api/address-collection`). Every field is required for a new address; on edit a
 * field left blank keeps its saved value.
 */
export function AddressForm({ stored, onSaved, extraAction, label }: AddressFormProps) {
  const save = useSaveAddress(stored?._id);
  const initial = stored ? storedValues(stored) : EMPTY_ADDRESS_FORM;
  const [values, setValues] = useState<AddressFormValues>(initial);
  const [errors, setErrors] = useState<AddressFieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  // As soon as the post code is a whole one, whether the shop delivers there (decision 1001): a warning, not a refusal
  // (the address may be kept for another day; an order to it is refused with the same words).
  const delivery = useDeliveryCheck(normalisePostcode(values.postcode || (stored?.postcode ?? ''))).data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(addressBody(values, stored), {
      onSuccess: () => onSaved(stored ? ADDRESS_UPDATED : ADDRESS_ADDED),
      onError: (failure) => {
        // The server names the field it refuses: its words go under that field, and the first such field takes focus.
        const found = failure instanceof ApiError ? addressFieldErrors(failure) : { form: 'The address could not be saved. Try again.' };
        setErrors(found);
        const first = FIELDS.find((field) => found[field.name] !== undefined);
        if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first.name}"]`)?.focus();
      },
    });
  };

  return (
    <form
      ref={formRef}
      aria-label={label}
      onSubmit={submit}
      onReset={() => {
        setValues(EMPTY_ADDRESS_FORM);
        setErrors({});
      }}
      className="address-form ui-stack"
    >
      {stored && <p className="ui-p ui-body2 ui-muted">A field left blank keeps its saved value.</p>}
      {FIELDS.map((field) => (
        <TextField
          key={field.name}
          name={field.name}
          label={field.label}
          type={field.type}
          autoComplete={field.autoComplete}
          inputMode={field.inputMode}
          maxLength={field.name === 'address' ? 200 : 100}
          value={values[field.name]}
          onChange={(event) => {
            setValues((current) => ({ ...current, [field.name]: event.target.value }));
            // The field's error stands until the field is changed.
            setErrors(({ [field.name]: _changed, ...rest }) => rest);
          }}
          // TextField puts the words under the field, with aria-invalid and aria-describedby on the input.
          error={errors[field.name] !== undefined}
          helperText={errors[field.name]}
          // Every field is required for a new address; on edit a blank field falls back to the stored value.
          required={!stored}
          fullWidth
        />
      ))}
      {delivery && !delivery.delivers && (
        <Alert severity="warning">
          <span data-testid="delivery-warning">{delivery.message}</span>
        </Alert>
      )}
      {errors.form && <Alert severity="error">{errors.form}</Alert>}
      <div className="address-form-actions">
        <Button type="submit" variant="contained" disabled={save.isPending}>
          Done
        </Button>
        <Button type="reset" variant="outlined" disabled={save.isPending}>
          Reset
        </Button>
        {extraAction && <div className="address-form-extra">{extraAction}</div>}
      </div>
    </form>
  );
}
