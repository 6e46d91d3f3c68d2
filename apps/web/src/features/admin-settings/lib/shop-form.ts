import type { ShopSettingsUpdate, ShopSettingsWire } from '@shop/shared/contract/settings';
import {
  normaliseUkPhone,
  normaliseUkPostcode,
  normaliseVatNumber,
  TRADER_ADDRESS_LINES,
  TRADER_TEXT_MAX,
} from '@shop/shared/domain/shop-identity';

/**
 * 'The shop' on the settings screen (decision 1002): the trader customers contract with, the shop's own post
 * code and collection's usual time, checked as the server checks them (contract/settings.ts) with the same rules
 * (domain/shop-identity.ts), so what is refused here is what the server would refuse.
 */
export type ShopSettings = Pick<
  ShopSettingsWire,
  'traderName' | 'traderAddress' | 'traderPhone' | 'traderEmail' | 'vatNumber' | 'shopPostcode' | 'collectionMinutes'
>;
export type ShopField = keyof ShopSettings;
export type ShopDraft = Record<ShopField, string>;
export type ShopErrors = Partial<Record<ShopField, string>>;

export const SHOP_FIELDS: readonly ShopField[] = [
  'traderName',
  'traderAddress',
  'traderPhone',
  'traderEmail',
  'vatNumber',
  'shopPostcode',
  'collectionMinutes',
];
export const COLLECTION_RANGE = { min: 5, max: 240 } as const;

export const SHOP_MESSAGES: Record<ShopField, string> = {
  traderName: `Enter the shop’s trading name (up to ${TRADER_TEXT_MAX} characters)`,
  traderAddress: `Enter ${TRADER_ADDRESS_LINES.min} to ${TRADER_ADDRESS_LINES.max} lines: the street, then the town and post code`,
  traderPhone: 'Enter a UK phone number, e.g. 020 7946 0321',
  traderEmail: 'Enter an e-mail address, e.g. hello@example.com',
  vatNumber: 'Enter a UK VAT number, e.g. GB123456789, or leave it empty',
  shopPostcode: 'Enter a UK post code, e.g. BS1 4DJ, or leave it empty',
  collectionMinutes: `Enter a whole number of minutes from ${COLLECTION_RANGE.min} to ${COLLECTION_RANGE.max}`,
};

export function shopDraftOf(settings: ShopSettings): ShopDraft {
  return {
    traderName: settings.traderName,
    traderAddress: settings.traderAddress.join('\n'),
    traderPhone: settings.traderPhone,
    traderEmail: settings.traderEmail,
    vatNumber: settings.vatNumber ?? '',
    shopPostcode: settings.shopPostcode ?? '',
    collectionMinutes: String(settings.collectionMinutes),
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The settings a draft asks for (normalised as the server saves them), or the message under each field that is not right. */
export function readShopDraft(draft: ShopDraft): { settings: ShopSettings; errors: null } | { settings: null; errors: ShopErrors } {
  const errors: ShopErrors = {};
  const name = draft.traderName.trim();
  if (name === '' || name.length > TRADER_TEXT_MAX) errors.traderName = SHOP_MESSAGES.traderName;
  const address = draft.traderAddress
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (
    address.length < TRADER_ADDRESS_LINES.min ||
    address.length > TRADER_ADDRESS_LINES.max ||
    address.some((line) => line.length > TRADER_TEXT_MAX)
  ) {
    errors.traderAddress = SHOP_MESSAGES.traderAddress;
  }
  const phone = normaliseUkPhone(draft.traderPhone);
  if (phone === null) errors.traderPhone = SHOP_MESSAGES.traderPhone;
  const email = draft.traderEmail.trim();
  if (!EMAIL.test(email) || email.length > TRADER_TEXT_MAX) errors.traderEmail = SHOP_MESSAGES.traderEmail;
  const vatNumber = draft.vatNumber.trim() === '' ? null : normaliseVatNumber(draft.vatNumber);
  if (draft.vatNumber.trim() !== '' && vatNumber === null) errors.vatNumber = SHOP_MESSAGES.vatNumber;
  const shopPostcode = draft.shopPostcode.trim() === '' ? null : normaliseUkPostcode(draft.shopPostcode);
  if (draft.shopPostcode.trim() !== '' && shopPostcode === null) errors.shopPostcode = SHOP_MESSAGES.shopPostcode;
  const minutesText = draft.collectionMinutes.trim();
  const collectionMinutes = /^\d{1,4}$/.test(minutesText) ? Number(minutesText) : NaN;
  if (!(collectionMinutes >= COLLECTION_RANGE.min && collectionMinutes <= COLLECTION_RANGE.max))
    errors.collectionMinutes = SHOP_MESSAGES.collectionMinutes;
  if (Object.keys(errors).length > 0 || phone === null) return { settings: null, errors };
  return {
    settings: {
      traderName: name,
      traderAddress: address,
      traderPhone: phone,
      traderEmail: email,
      vatNumber,
      shopPostcode,
      collectionMinutes,
    },
    errors: null,
  };
}

/** Only the fields that differ from what the shop has; null when nothing does. */
export function changedShopSettings(saved: ShopSettings, wanted: ShopSettings): ShopSettingsUpdate | null {
  const change: ShopSettingsUpdate = {};
  if (wanted.traderName !== saved.traderName) change.traderName = wanted.traderName;
  if (wanted.traderAddress.join('\n') !== saved.traderAddress.join('\n')) change.traderAddress = wanted.traderAddress;
  if (wanted.traderPhone !== saved.traderPhone) change.traderPhone = wanted.traderPhone;
  if (wanted.traderEmail !== saved.traderEmail) change.traderEmail = wanted.traderEmail;
  if (wanted.vatNumber !== saved.vatNumber) change.vatNumber = wanted.vatNumber;
  if (wanted.shopPostcode !== saved.shopPostcode) change.shopPostcode = wanted.shopPostcode;
  if (wanted.collectionMinutes !== saved.collectionMinutes) change.collectionMinutes = wanted.collectionMinutes;
  return Object.keys(change).length === 0 ? null : change;
}
