import type { AddressInput, AddressWire } from '@shop/shared/contract/addresses';
import { joinFullName, splitFullName } from './full-name';

export type AddressFormValues = {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postcode: string;
};

export const EMPTY_ADDRESS_FORM: AddressFormValues = { fullName: '', email: '', phone: '', address: '', city: '', postcode: '' };

/**
 * The body to send. On edit, a field left blank keeps its stored value (SPEC.md section 5), so the form
 * only needs the fields the customer changes.
 */
export function addressBody(values: AddressFormValues, stored?: AddressWire): AddressInput {
  const pick = (value: string, fallback: string | undefined) => (value.trim() === '' && fallback !== undefined ? fallback : value.trim());
  const fullName = pick(values.fullName, stored ? joinFullName(stored.firstname, stored.lastname) : undefined);
  return {
    ...splitFullName(fullName),
    Email: pick(values.email, stored?.Email),
    phone: pick(values.phone, stored?.phone),
    address: pick(values.address, stored?.address),
    address2: stored?.address2 ?? '',
    city: pick(values.city, stored?.city),
    postcode: pick(values.postcode, stored?.postcode),
  };
}

/** Each field's error, by the form's field; `form` holds what belongs to no field. */
export type AddressFieldErrors = Partial<Record<keyof AddressFormValues, string>> & { form?: string };

/** The form's field of each name the server gives (the body's names: the full name is sent as two). */
const FIELD_OF_NAME: Readonly<Record<string, keyof AddressFormValues>> = {
  firstname: 'fullName',
  lastname: 'fullName',
  Email: 'email',
  phone: 'phone',
  address: 'address',
  address2: 'address',
  city: 'city',
  postcode: 'postcode',
};

/**
 * A refused save put under the fields it names. The server's 400 VALIDATION_FAILED names each field before its
 * message ('postcode: Please enter a UK post code such as SW1A 1AA; phone: ...'), or a body may carry `fields`; a
 * part that names no field of the form stays for the form's own alert.
 */
export function addressFieldErrors(refusal: { message: string; fields?: Readonly<Record<string, string>> }): AddressFieldErrors {
  const errors: AddressFieldErrors = {};
  const rest: string[] = [];
  const put = (name: string, message: string) => {
    const field = FIELD_OF_NAME[name];
    if (field) errors[field] ??= message;
    else rest.push(message);
  };
  if (refusal.fields) for (const [name, message] of Object.entries(refusal.fields)) put(name, message);
  else
    for (const part of refusal.message.split(/;\s+(?=\w+: )/)) {
      const named = /^(\w+): (.+)$/s.exec(part);
      if (named?.[1] && named[2] && named[1] in FIELD_OF_NAME) put(named[1], named[2]);
      else rest.push(part);
    }
  if (rest.length > 0) errors.form = rest.join('; ');
  return errors;
}
