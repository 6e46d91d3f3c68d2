import { MAX_ZONE_POUNDS } from '@shop/shared/contract/delivery';
import { normaliseZoneCode, ZONE_CODE_MESSAGE } from '@shop/shared/domain/delivery-zones';
import { penceToPounds, poundsToPence } from '@shop/shared/domain/money';
import type { ZoneBody } from '../api/delivery-zones-api';

/** The zone form as typed: text, as the fields hold it. */
export interface ZoneDraft {
  code: string;
  fee: string;
  minimumOrder: string;
}

export type ZoneErrors = Partial<Record<keyof ZoneDraft, string>>;

export const EMPTY_ZONE: ZoneDraft = { code: '', fee: '', minimumOrder: '0' };

export function draftOfZone(zone: { code: string; fee: number; minimumOrder: number }): ZoneDraft {
  return { code: zone.code, fee: zone.fee.toFixed(2), minimumOrder: zone.minimumOrder.toFixed(2) };
}

function amount(text: string, what: string): number | string {
  const pence = poundsToPence(text.replace(/^£/, ''));
  if (pence === null || pence > MAX_ZONE_POUNDS * 100) return `${what} must be an amount from £0 to £${MAX_ZONE_POUNDS}, such as 2.50`;
  return penceToPounds(pence);
}

/** The body to send, or the fields' messages, checked as the server checks them. */
export function readZoneDraft(draft: ZoneDraft): { body: ZoneBody } | { errors: ZoneErrors } {
  const errors: ZoneErrors = {};
  const code = normaliseZoneCode(draft.code);
  if (code === null) errors.code = ZONE_CODE_MESSAGE;
  const fee = amount(draft.fee, 'The delivery fee');
  if (typeof fee === 'string') errors.fee = fee;
  const minimumOrder = amount(draft.minimumOrder.trim() === '' ? '0' : draft.minimumOrder, 'The minimum order');
  if (typeof minimumOrder === 'string') errors.minimumOrder = minimumOrder;
  if (code === null || typeof fee === 'string' || typeof minimumOrder === 'string') return { errors };
  return { body: { code, fee, minimumOrder } };
}
