import type { AddressWire } from '@shop/shared/contract/addresses';

/** An address on one line, as the lists show it: '12 High Street, Flat 3, Leeds, LS1 4AP'. */
export function addressOneLine(address: AddressWire): string {
  return [address.address, address.address2, address.city, address.postcode].filter(Boolean).join(', ');
}
