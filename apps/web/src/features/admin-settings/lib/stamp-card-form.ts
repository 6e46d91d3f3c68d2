import type { ShopSettingsUpdate, ShopSettingsWire } from '@shop/shared/contract/settings';
import type { StampCardSettings } from '@shop/shared/domain/stamp-card';

/**
 * The stamp card on the settings screen (decision 1601): off, or N stamps for a reward (pounds off, or a product
 * free); checked as the server checks it (domain/stamp-card.ts).
 */
export interface StampCardDraft {
  enabled: boolean;
  stampsNeeded: string;
  rewardKind: 'amount' | 'product';
  /** Pounds, as typed. */
  pounds: string;
  productId: string;
}
export type StampCardField = 'stampsNeeded' | 'pounds' | 'productId';
export type StampCardErrors = Partial<Record<StampCardField, string>>;
export const STAMP_CARD_FIELDS: readonly StampCardField[] = ['stampsNeeded', 'pounds', 'productId'];

export const STAMPS_RANGE = { min: 2, max: 50 } as const;
export const MAX_REWARD_POUNDS = 1000;

/** What the section edits: the card, or null while it is off. */
export interface StampCardChoice {
  stampCard: StampCardSettings | null;
}

export function stampCardDraftOf(saved: Pick<ShopSettingsWire, 'stampCard'>): StampCardDraft {
  const card = saved.stampCard;
  return {
    enabled: card !== null,
    stampsNeeded: String(card?.stampsNeeded ?? 8),
    rewardKind: card?.reward.kind ?? 'amount',
    pounds: card?.reward.kind === 'amount' ? (card.reward.pence / 100).toFixed(2) : '5.00',
    productId: card?.reward.kind === 'product' ? card.reward.productId : '',
  };
}

/** The card a draft asks for, or the message under each field that is not right. */
export function readStampCardDraft(
  draft: StampCardDraft,
): { settings: StampCardChoice; errors: null } | { settings: null; errors: StampCardErrors } {
  if (!draft.enabled) return { settings: { stampCard: null }, errors: null };
  const errors: StampCardErrors = {};
  const stamps = /^\d{1,2}$/.test(draft.stampsNeeded.trim()) ? Number(draft.stampsNeeded.trim()) : NaN;
  if (Number.isNaN(stamps) || stamps < STAMPS_RANGE.min || stamps > STAMPS_RANGE.max) {
    errors.stampsNeeded = `Enter a whole number of stamps from ${STAMPS_RANGE.min} to ${STAMPS_RANGE.max}`;
  }
  let reward: StampCardSettings['reward'] | null = null;
  if (draft.rewardKind === 'amount') {
    const text = draft.pounds.trim().replace(/^£/, '');
    const pence = /^\d{1,4}(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : NaN;
    if (Number.isNaN(pence) || pence < 1 || pence > MAX_REWARD_POUNDS * 100) {
      errors.pounds = `Enter an amount in pounds from 0.01 to ${MAX_REWARD_POUNDS}, such as 5.00`;
    } else reward = { kind: 'amount', pence };
  } else if (!/^[0-9a-f]{24}$/.test(draft.productId)) {
    errors.productId = 'Choose the product the card gives free';
  } else reward = { kind: 'product', productId: draft.productId };
  if (Object.keys(errors).length > 0 || !reward) return { settings: null, errors };
  return { settings: { stampCard: { stampsNeeded: stamps, reward } }, errors: null };
}

/** The card when it differs from what the shop has; null when nothing does. */
export function changedStampCard(saved: Pick<ShopSettingsWire, 'stampCard'>, wanted: StampCardChoice): ShopSettingsUpdate | null {
  return JSON.stringify(saved.stampCard) === JSON.stringify(wanted.stampCard) ? null : { stampCard: wanted.stampCard };
}
