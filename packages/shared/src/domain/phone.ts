/**
 * A phone number is one key: stored in one canonical form (E.164, '+447700900123') however it was typed, so a
 * lookup, a limit or a guest's orders match '07700 900123', '+44 7700 900123' and '447700900123' alike. UK by
 * default; a number with its country code may be from anywhere. libphonenumber-js (its small metadata) decides what
 * is a possible number: "possible" rather than "valid", since a valid range changes with each numbering plan and
 * Ofcom's drama numbers (07700 900xxx) are possible but not valid.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

export const PHONE_MESSAGE = 'Please enter a phone number such as 07700 900123';

/** The number in E.164 ('+447700900123'); null when it cannot be a phone number. */
export function canonicalPhone(text: string): string | null {
  const trimmed = text.trim();
  // Only what people write in a phone number: digits, one leading + or 00, spaces, dashes, dots and brackets.
  if (!/^\+?[0-9\s\-().]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return null;
  const parsed = parsePhoneNumberFromString(trimmed.startsWith('00') ? `+${digits.slice(2)}` : trimmed, 'GB');
  return parsed?.isPossible() ? parsed.number : null;
}

/** How the shop shows a stored number: a UK one as people dial it ('07700 900123'), another with its country code. */
export function formatPhone(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone, 'GB');
  if (!parsed) return phone;
  return parsed.country === 'GB' || parsed.countryCallingCode === '44' ? parsed.formatNational() : parsed.formatInternational();
}
