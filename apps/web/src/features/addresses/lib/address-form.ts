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
