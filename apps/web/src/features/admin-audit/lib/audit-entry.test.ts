import { describe, expect, it } from 'vitest';
import { actionPrefixes, actionText, actorText, fieldChanges, fieldLabel, londonWhen, valueText } from './audit-entry';

describe('the audit log’s entries as the screen shows them', () => {
  it.each([
    [null, '—'],
    ['', '—'],
    [true, 'yes'],
    [false, 'no'],
    ['£4.50', '£4.50'],
    [20, '20'],
    [['Gluten', 'Milk'], 'Gluten, Milk'],
    [[], 'none'],
    [{ day: 1, opens: '11:00' }, '{"day":1,"opens":"11:00"}'],
  ])('shows %j as %s', (value, text) => {
    expect(valueText(value)).toBe(text);
  });

  it.each([
    ['priceM', 'Price M'],
    ['minimumOrder', 'Minimum order'],
    ['lateAfterMinutes', 'Late after minutes'],
    ['title', 'Title'],
  ])('names the field %s %s', (field, label) => {
    expect(fieldLabel(field)).toBe(label);
  });

  it('lists only the fields that changed, added and removed ones included', () => {
    expect(
      fieldChanges({ priceM: '£10.49', title: 'Margherita', gone: 'x' }, { priceM: '£11.25', title: 'Margherita', added: true }),
    ).toEqual([
      { field: 'Price M', before: '£10.49', after: '£11.25' },
      { field: 'Gone', before: 'x', after: '—' },
      { field: 'Added', before: '—', after: 'yes' },
    ]);
    expect(fieldChanges(null, { tickets: ['kitchen on Pass'] })).toEqual([{ field: 'Tickets', before: '—', after: 'kitchen on Pass' }]);
    expect(fieldChanges(null, null)).toEqual([]);
  });

  it('tells the time on London’s clock, in summer time too', () => {
    expect(londonWhen('2026-11-18T18:00:00.000Z')).toBe('18/11/2026 18:00');
    expect(londonWhen('2026-07-01T11:05:00.000Z')).toBe('01/07/2026 12:05');
  });

  it('names who with their role, and the shop by itself', () => {
    expect(actorText({ id: 'a', name: 'Maya', role: 'manager' })).toBe('Maya (Manager)');
    expect(actorText({ id: null, name: 'The shop', role: 'system' })).toBe('The shop');
  });

  it('words an action and finds the subjects of several', () => {
    expect(actionText('order.refund')).toBe('Order: refund');
    expect(actionText('product.back-on-sale')).toBe('Product: back on sale');
    expect(actionPrefixes(['order.accept', 'order.refund', 'shop.pause'])).toEqual(['order.', 'shop.']);
  });
});
