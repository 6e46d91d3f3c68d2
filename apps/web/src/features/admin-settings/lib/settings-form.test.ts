import { describe, expect, it } from 'vitest';
import { changedSettings, draftOf, readDraft, timersWarning } from './settings-form';

const saved = { lateAfterMinutes: 5, autoRejectAfterMinutes: 10, autoAccept: false };

describe('the shop settings form', () => {
  it('reads a draft as the server checks it', () => {
    expect(readDraft(draftOf(saved))).toEqual({ settings: saved, errors: null });
    expect(readDraft({ lateAfterMinutes: ' 7 ', autoRejectAfterMinutes: '0', autoAccept: true })).toEqual({
      settings: { lateAfterMinutes: 7, autoRejectAfterMinutes: 0, autoAccept: true },
      errors: null,
    });
  });

  it.each([
    { late: '0', reject: '10', errors: { lateAfterMinutes: 'Enter a whole number of minutes from 1 to 60' } },
    { late: '61', reject: '10', errors: { lateAfterMinutes: 'Enter a whole number of minutes from 1 to 60' } },
    { late: '2.5', reject: '10', errors: { lateAfterMinutes: 'Enter a whole number of minutes from 1 to 60' } },
    { late: '', reject: '10', errors: { lateAfterMinutes: 'Enter a whole number of minutes from 1 to 60' } },
    { late: '5', reject: '121', errors: { autoRejectAfterMinutes: 'Enter a whole number of minutes from 0 to 120' } },
    { late: '5', reject: '-1', errors: { autoRejectAfterMinutes: 'Enter a whole number of minutes from 0 to 120' } },
    {
      late: 'x',
      reject: 'y',
      errors: {
        lateAfterMinutes: 'Enter a whole number of minutes from 1 to 60',
        autoRejectAfterMinutes: 'Enter a whole number of minutes from 0 to 120',
      },
    },
  ])('refuses late $late and reject $reject', ({ late, reject, errors }) => {
    expect(readDraft({ lateAfterMinutes: late, autoRejectAfterMinutes: reject, autoAccept: false })).toEqual({ settings: null, errors });
  });

  it('sends only what changed', () => {
    expect(changedSettings(saved, saved)).toBeNull();
    expect(changedSettings(saved, { ...saved, autoRejectAfterMinutes: 0 })).toEqual({ autoRejectAfterMinutes: 0 });
    expect(changedSettings(saved, { lateAfterMinutes: 3, autoRejectAfterMinutes: 10, autoAccept: true })).toEqual({
      lateAfterMinutes: 3,
      autoAccept: true,
    });
  });

  it.each([
    { late: 5, reject: 10, warned: false },
    { late: 5, reject: 0, warned: false },
    { late: 5, reject: 5, warned: true },
    { late: 10, reject: 3, warned: true },
  ])('late $late, reject $reject: warned $warned', ({ late, reject, warned }) => {
    expect(timersWarning({ lateAfterMinutes: late, autoRejectAfterMinutes: reject }) !== null).toBe(warned);
  });
});
