import { describe, expect, it } from 'vitest';
import { changedShopSettings, readShopDraft, SHOP_MESSAGES, shopDraftOf, type ShopSettings } from './shop-form';

const saved: ShopSettings = {
  traderName: 'Takeaway Shop',
  traderAddress: ['12 Market Street', 'London E1 6AA'],
  traderPhone: '020 7946 0321',
  traderEmail: 'hello@takeaway-shop.example',
  vatNumber: null,
  shopPostcode: null,
  collectionMinutes: 20,
};

describe('the shop’s section of the settings', () => {
  it('reads a draft back to what the shop has, and normalises as the server saves', () => {
    expect(readShopDraft(shopDraftOf(saved))).toEqual({ settings: saved, errors: null });
    const draft = {
      ...shopDraftOf(saved),
      traderAddress: ' 4 Harbour Walk \n\nBristol BS1 4DJ\n',
      vatNumber: 'gb 123 4567 89',
      shopPostcode: 'bs14dj',
      collectionMinutes: ' 15 ',
    };
    expect(readShopDraft(draft).settings).toMatchObject({
      traderAddress: ['4 Harbour Walk', 'Bristol BS1 4DJ'],
      vatNumber: 'GB123456789',
      shopPostcode: 'BS1 4DJ',
      collectionMinutes: 15,
    });
  });

  it.each([
    ['traderName', ' '],
    ['traderAddress', 'Only one line'],
    ['traderPhone', '12345'],
    ['traderPhone', '+33 1 23 45 67 89'],
    ['traderEmail', 'not-an-email'],
    ['vatNumber', 'GB12345678'],
    ['shopPostcode', '75001'],
    ['collectionMinutes', '4'],
    ['collectionMinutes', '241'],
    ['collectionMinutes', '2.5'],
  ] as const)('refuses %s %j with the field’s words', (field, value) => {
    expect(readShopDraft({ ...shopDraftOf(saved), [field]: value })).toEqual({ settings: null, errors: { [field]: SHOP_MESSAGES[field] } });
  });

  it('sends only what changed; an emptied VAT number or post code is null', () => {
    expect(changedShopSettings(saved, saved)).toBeNull();
    const withVat = { ...saved, vatNumber: 'GB123456789', shopPostcode: 'BS1 4DJ' };
    expect(changedShopSettings(saved, withVat)).toEqual({ vatNumber: 'GB123456789', shopPostcode: 'BS1 4DJ' });
    const emptied = readShopDraft({ ...shopDraftOf(withVat), vatNumber: '', shopPostcode: ' ' });
    expect(emptied.settings && changedShopSettings(withVat, emptied.settings)).toEqual({ vatNumber: null, shopPostcode: null });
    expect(changedShopSettings(saved, { ...saved, traderAddress: ['12 Market Street', 'London E1 6AB'] })).toEqual({
      traderAddress: ['12 Market Street', 'London E1 6AB'],
    });
  });
});
