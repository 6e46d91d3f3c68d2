import { describe, expect, it } from 'vitest';
import { changedStampCard, readStampCardDraft, stampCardDraftOf, type StampCardDraft } from './stamp-card-form';

const BREAD = 'a'.repeat(24);
const draft = (change: Partial<StampCardDraft> = {}): StampCardDraft => ({
  ...stampCardDraftOf({ stampCard: null }),
  enabled: true,
  ...change,
});

describe('the stamp card form', () => {
  it('starts off, with 8 stamps for £5.00 ready to turn on', () => {
    expect(stampCardDraftOf({ stampCard: null })).toEqual({
      enabled: false,
      stampsNeeded: '8',
      rewardKind: 'amount',
      pounds: '5.00',
      productId: '',
    });
  });

  it.each([
    ['off', { enabled: false }, { stampCard: null }],
    ['£5 off after 8', {}, { stampCard: { stampsNeeded: 8, reward: { kind: 'amount', pence: 500 } } }],
    ['pounds with a £ sign', { pounds: '£2.5' }, { stampCard: { stampsNeeded: 8, reward: { kind: 'amount', pence: 250 } } }],
    [
      'a free product',
      { rewardKind: 'product', productId: BREAD, stampsNeeded: '6' },
      { stampCard: { stampsNeeded: 6, reward: { kind: 'product', productId: BREAD } } },
    ],
  ] as const)('reads %s', (_label, change, expected) => {
    expect(readStampCardDraft(draft(change)).settings).toEqual(expected);
  });

  it.each([
    ['one stamp', { stampsNeeded: '1' }, 'stampsNeeded'],
    ['no amount', { pounds: '0' }, 'pounds'],
    ['no product chosen', { rewardKind: 'product' }, 'productId'],
  ] as const)('refuses %s', (_label, change, field) => {
    expect(readStampCardDraft(draft(change)).errors).toHaveProperty(field);
  });

  it('sends the card only when it changed', () => {
    const saved = { stampCard: { stampsNeeded: 8, reward: { kind: 'amount' as const, pence: 500 } } };
    expect(changedStampCard(saved, { stampCard: saved.stampCard })).toBeNull();
    expect(changedStampCard(saved, { stampCard: null })).toEqual({ stampCard: null });
  });
});
