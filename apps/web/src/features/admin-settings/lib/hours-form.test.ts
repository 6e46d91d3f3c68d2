import { describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS } from '@shop/shared/domain/opening-hours';
import { DEFAULT_SETTINGS } from '../../../../test/shop-settings-fixture';
import { changedMinimums, hoursDraftOf, hoursOfDraft, minimumDraftOf, newSession, readHoursDraft, readMinimumDraft } from './hours-form';

describe('the opening hours draft', () => {
  it('gives back the hours it was made from', () => {
    expect(hoursOfDraft(hoursDraftOf(DEFAULT_OPENING_HOURS))).toEqual(DEFAULT_OPENING_HOURS);
    expect(readHoursDraft(hoursDraftOf(DEFAULT_OPENING_HOURS))).toEqual({ hours: DEFAULT_OPENING_HOURS, errors: null });
  });

  it('a special day closed or with hours, and a session for one fulfilment', () => {
    const draft = hoursDraftOf({
      weekly: [{ day: 6, opens: '11:30', closes: '17:00', fulfilment: 'collection' }],
      specialDays: [
        { date: '2026-12-25', closed: true },
        { date: '2026-12-31', opens: '18:00', closes: '02:00' },
      ],
      cutoffMinutes: 20,
    });
    expect(draft.sessions[0]?.fulfilment).toBe('collection');
    expect(draft.specialDays.map((d) => d.kind)).toEqual(['closed', 'hours']);
    expect(hoursOfDraft(draft).specialDays).toEqual([
      { date: '2026-12-25', closed: true },
      { date: '2026-12-31', opens: '18:00', closes: '02:00' },
    ]);
  });

  it('puts each refusal under its row', () => {
    const draft = hoursDraftOf(DEFAULT_OPENING_HOURS);
    draft.specialDays.push({ key: 'x', date: '', kind: 'closed', opens: '', closes: '' });
    draft.cutoff = 'soon';
    const read = readHoursDraft(draft);
    expect(read.errors?.x).toBe('date must be a calendar date as YYYY-MM-DD');
    expect(read.errors?.cutoff).toBe('cutoffMinutes must be a whole number of minutes from 0 to 120');
  });

  it('names an overlap under the later session (once each field is well formed)', () => {
    const draft = hoursDraftOf(DEFAULT_OPENING_HOURS);
    const monday = { ...newSession(draft, 1), opens: '20:00', closes: '23:30' };
    draft.sessions.push(monday);
    expect(readHoursDraft(draft).errors?.[monday.key]).toBe("Monday's session 20:00-23:30 overlaps Monday's 12:00-23:15");
  });

  it('a new session starts where the day’s last one closed', () => {
    const draft = hoursDraftOf(DEFAULT_OPENING_HOURS);
    expect(newSession(draft, 1)).toMatchObject({ day: 1, opens: '23:15', fulfilment: 'both' });
    expect(newSession({ ...draft, sessions: [] }, 1)).toMatchObject({ opens: '12:00', closes: '23:00' });
  });
});

describe('the minimums draft', () => {
  it('reads pounds and sends only a change', () => {
    const draft = minimumDraftOf(DEFAULT_SETTINGS);
    expect(draft).toEqual({ delivery: '10.00', collection: '10.00' });
    const same = readMinimumDraft(draft);
    expect(same.settings && changedMinimums(DEFAULT_SETTINGS, same.settings)).toBeNull();
    const read = readMinimumDraft({ delivery: '15', collection: '7.50' });
    expect(read.settings && changedMinimums(DEFAULT_SETTINGS, read.settings)).toEqual({ minimumOrder: { delivery: 15, collection: 7.5 } });
    expect(readMinimumDraft({ delivery: 'ten', collection: '10' }).errors).toEqual({
      delivery: 'Enter an amount in pounds from 0 to 1000, such as 10.00',
    });
  });
});
