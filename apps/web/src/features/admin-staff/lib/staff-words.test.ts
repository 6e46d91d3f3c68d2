import { describe, expect, it } from 'vitest';
import type { StaffMember } from '@shop/shared/contract/staff';
import { dayText, joinedText, roleDescription, statusText } from './staff-words';

const member = (overrides: Partial<StaffMember>): StaffMember => ({
  id: '1',
  email: 'sam@example.com',
  name: 'Sam',
  role: 'kitchen',
  status: 'active',
  invitedAt: null,
  joinedAt: '2026-11-28T23:30:00.000Z',
  ...overrides,
});

describe('the staff screen’s words', () => {
  it('names the counter’s refund limit as the owner set it', () => {
    expect(roleDescription('counter', 1250)).toContain('refunds up to £12.50 an order');
    expect(roleDescription('counter')).toContain('refunds up to £5.00 an order');
  });

  it('gives days in the shop’s time', () => {
    expect(dayText('2026-11-28T23:30:00.000Z')).toBe('28 Nov 2026');
    expect(dayText('2026-06-30T23:30:00.000Z')).toBe('1 Jul 2026');
  });

  it('says Invited with the day until the link is used', () => {
    expect(statusText(member({ status: 'invited', invitedAt: '2026-11-27T10:00:00.000Z' }))).toBe('Invited 27 Nov 2026');
    expect(statusText(member({}))).toBe('Active');
  });

  it('has an invited member not joined yet', () => {
    expect(joinedText(member({ status: 'invited', invitedAt: '2026-11-27T10:00:00.000Z' }))).toBe('Not yet');
    expect(joinedText(member({}))).toBe('28 Nov 2026');
  });
});
