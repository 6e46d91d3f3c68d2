// What other modules use of addresses: an order's delivery address must be one of its customer's own.
export { ADDRESS_NOT_FOUND, findAddressOf, toAddressWire } from './service';
// New order lists a caller's saved addresses.
