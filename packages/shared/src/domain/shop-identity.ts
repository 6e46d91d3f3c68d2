import { parseUkPostcode } from './delivery-zones';

/**
 * Who the shop is, as its customers read it (issue 22 point 4, decision 1002): the trader's name, geographic
 * address, phone, e-mail and optional VAT number, which the storefront's footer, checkout and every receipt show
 * (Consumer Contracts Regulations 2013). The back office's settings set them, else the environment (SHOP_NAME,
 * SHOP_ADDRESS, SHOP_PHONE, SHOP_EMAIL, SHOP_VAT_NUMBER), else the placeholders below.
 */
export interface ShopIdentity {
  name: string;
  /** The address lines, first to last. */
  address: readonly string[];
  /** As it is dialled in the UK. */
  phone: string;
  email: string;
  /** 'GB123456789'; null when the shop is not VAT-registered (receipts then show no VAT lines). */
  vatNumber: string | null;
}

// The phone number is from Ofcom's range kept for drama (020 7946 0000 to 0999): it rings no one; .example is a
// name kept for examples (RFC 2606): it mails no one.
export const SHOP_IDENTITY: ShopIdentity = {
  name: 'Takeaway Shop',
  address: ['12 Market Street', 'London E1 6AA'],
  phone: '020 7946 0321',
  email: 'hello@takeaway-shop.example',
  vatNumber: null,
};

/**
 * The end of every order mail: the name, the address lines, 'Phone: ...', 'E-mail: ...' and, for a VAT-registered
 * shop, 'VAT number: GB123456789'.
 */
export function shopSignatureLines(shop: ShopIdentity = SHOP_IDENTITY): string[] {
  return [
    shop.name,
    ...shop.address,
    `Phone: ${shop.phone}`,
    `E-mail: ${shop.email}`,
    ...(shop.vatNumber ? [`VAT number: ${shop.vatNumber}`] : []),
  ];
}

/** The most a trader's field may hold (a name, one address line, a phone, an e-mail). */
export const TRADER_TEXT_MAX = 120;
/** Address lines: at least the street and the town with its post code, at most five. */
export const TRADER_ADDRESS_LINES = { min: 2, max: 5 } as const;

/**
 * A UK phone number as people write it ('020 7946 0321', '+44 20 7946 0321', '(0117) 496 0123', '07700 900123'):
 * spaces, hyphens and brackets aside, 0 and 9 or 10 more digits, or +44 and 9 or 10 digits. Null when it is not one.
 */
export function normaliseUkPhone(text: string): string | null {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (!/^[+\d\s()-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/[\s()-]/g, '');
  if (/^0[1-9]\d{8,9}$/.test(digits) || /^\+44[1-9]\d{8,9}$/.test(digits)) return trimmed;
  return null;
}

/**
 * A UK VAT number: GB and 9 digits ('GB123456789'), or 12 for a branch of a group; spaces allowed and upper-cased
 * ('gb 123 4567 89' is 'GB123456789'). Null when it is not one.
 */
export function normaliseVatNumber(text: string): string | null {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  return /^GB(\d{9}|\d{12})$/.test(compact) ? compact : null;
}

/**
 * A UK post code in any spacing or letter case ('bs1 4dj', 'BS14DJ', 'SW1A 1AA'), as 'BS1 4DJ'; null when it is not
 * one. Parsed as the delivery area parses it (domain/delivery-zones.ts, the `postcode` package), so the shop's own post
 * code is always one the zones understand.
 */
export function normaliseUkPostcode(text: string): string | null {
  return parseUkPostcode(text)?.postcode ?? null;
}

/** The address as one line: '12 Market Street, London E1 6AA'. */
export function addressLine(shop: Pick<ShopIdentity, 'address'>): string {
  return shop.address.join(', ');
}
