import { describe, expect, it } from 'vitest';
import { changedKitchenSettings, kitchenDraftOf, readKitchenDraft } from './kitchen-form';

const saved = { usualMinutes: 45, queueAllowance: 5, minutesPerExtraOrder: 5, slotCapacity: 0, ticketLeadMinutes: 30, autoCloseDay: true };

describe('the kitchen settings form', () => {
  it('reads a draft as the server checks it', () => {
    expect(readKitchenDraft(kitchenDraftOf(saved))).toEqual({ settings: saved, errors: null });
    expect(
      readKitchenDraft({
        usualMinutes: ' 30 ',
        queueAllowance: '0',
        minutesPerExtraOrder: '0',
        slotCapacity: '200',
        ticketLeadMinutes: '0',
        autoCloseDay: 'false',
      }),
    ).toEqual({
      settings: {
        usualMinutes: 30,
        queueAllowance: 0,
        minutesPerExtraOrder: 0,
        slotCapacity: 200,
        ticketLeadMinutes: 0,
        autoCloseDay: false,
      },
      errors: null,
    });
  });

  it.each([
    { field: 'usualMinutes', text: '4', message: 'Enter a whole number of minutes from 5 to 240' },
    { field: 'usualMinutes', text: '241', message: 'Enter a whole number of minutes from 5 to 240' },
    { field: 'queueAllowance', text: '101', message: 'Enter a whole number of orders from 0 to 100' },
    { field: 'minutesPerExtraOrder', text: '2.5', message: 'Enter a whole number of minutes from 0 to 60' },
    { field: 'slotCapacity', text: '', message: 'Enter a whole number of orders from 0 to 200' },
    { field: 'slotCapacity', text: '-1', message: 'Enter a whole number of orders from 0 to 200' },
    { field: 'ticketLeadMinutes', text: '241', message: 'Enter a whole number of minutes from 0 to 240' },
  ] as const)('refuses $field $text', ({ field, text, message }) => {
    expect(readKitchenDraft({ ...kitchenDraftOf(saved), [field]: text })).toEqual({ settings: null, errors: { [field]: message } });
  });

  it('sends only what changed', () => {
    expect(changedKitchenSettings(saved, saved)).toBeNull();
    expect(changedKitchenSettings(saved, { ...saved, slotCapacity: 4, usualMinutes: 40 })).toEqual({ usualMinutes: 40, slotCapacity: 4 });
    expect(changedKitchenSettings(saved, { ...saved, ticketLeadMinutes: 45, autoCloseDay: false })).toEqual({
      ticketLeadMinutes: 45,
      autoCloseDay: false,
    });
  });
});
