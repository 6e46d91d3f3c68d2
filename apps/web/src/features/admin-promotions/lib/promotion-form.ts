import type { PromotionWire, PromotionWriteInput } from '@shop/shared/contract/promotions';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import type { OrderChannel } from '@shop/shared/domain/order-channel';
import type { PromotionKind } from '@shop/shared/domain/promotions';

/** The form's fields as typed: text for numbers and times, so a half-typed value is kept as it is. */
export interface PromotionDraft {
  name: string;
  code: string;
  active: boolean;
  kind: PromotionKind;
  value: string;
  target: 'order' | 'category' | 'product';
  category: string;
  productId: string;
  minSpend: string;
  firstOrder: boolean;
  days: number[];
  from: string;
  until: string;
  fulfilment: Fulfilment | '';
  channels: OrderChannel[];
  /** 'YYYY-MM-DDTHH:MM' in the browser's clock (the shop's, in the shop). */
  startsAt: string;
  endsAt: string;
  perCustomer: string;
  total: string;
}

export const EMPTY_PROMOTION: PromotionDraft = {
  name: '',
  code: '',
  active: true,
  kind: 'percent',
  value: '',
  target: 'order',
  category: '',
  productId: '',
  minSpend: '',
  firstOrder: false,
  days: [],
  from: '',
  until: '',
  fulfilment: '',
  channels: [],
  startsAt: '',
  endsAt: '',
  perCustomer: '',
  total: '',
};

function localInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

export function draftOfPromotion(promotion: PromotionWire): PromotionDraft {
  const { conditions, limits, target } = promotion;
  return {
    name: promotion.name,
    code: promotion.code ?? '',
    active: promotion.active,
    kind: promotion.kind,
    value: promotion.kind === 'free-delivery' ? '' : String(promotion.value),
    target: target.on,
    category: target.on === 'category' ? target.category : '',
    productId: target.on === 'product' ? target.productId : '',
    minSpend: conditions.minSpend ? String(conditions.minSpend) : '',
    firstOrder: conditions.firstOrder,
    days: conditions.days ?? [],
    from: conditions.hours?.from ?? '',
    until: conditions.hours?.until ?? '',
    fulfilment: conditions.fulfilment ?? '',
    channels: conditions.channels ?? [],
    startsAt: localInput(conditions.startsAt),
    endsAt: localInput(conditions.endsAt),
    perCustomer: limits.perCustomer === null ? '' : String(limits.perCustomer),
    total: limits.total === null ? '' : String(limits.total),
  };
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/**
 * The body the form sends. The server checks every field and answers in words the form shows (a percentage from 1 to
 * 100, a code's characters, the end after the start); the form only leaves out what is empty.
 */
export function bodyOfDraft(draft: PromotionDraft): PromotionWriteInput {
  const target =
    draft.kind === 'free-delivery' || draft.target === 'order'
      ? { on: 'order' as const }
      : draft.target === 'category'
        ? { on: 'category' as const, category: draft.category.trim() }
        : { on: 'product' as const, productId: draft.productId };
  return {
    name: draft.name,
    code: draft.code.trim() === '' ? null : draft.code.trim(),
    active: draft.active,
    kind: draft.kind,
    value: draft.kind === 'free-delivery' ? 0 : (numberOrNull(draft.value) ?? 0),
    target,
    conditions: {
      minSpend: numberOrNull(draft.minSpend) ?? 0,
      firstOrder: draft.firstOrder,
      days: draft.days.length > 0 && draft.days.length < 7 ? draft.days : null,
      hours: draft.from && draft.until ? { from: draft.from, until: draft.until } : null,
      fulfilment: draft.fulfilment === '' ? null : draft.fulfilment,
      channels: draft.channels.length > 0 ? draft.channels : null,
      startsAt: draft.startsAt ? new Date(draft.startsAt).toISOString() : null,
      endsAt: draft.endsAt ? new Date(draft.endsAt).toISOString() : null,
    },
    limits: { perCustomer: numberOrNull(draft.perCustomer), total: numberOrNull(draft.total) },
  };
}
