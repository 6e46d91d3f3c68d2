import type { StaffMember } from '@shop/shared/contract/staff';
import { formatPounds } from '@shop/shared/domain/money';
import { DEFAULT_COUNTER_REFUND_LIMIT, type StaffRole } from '@shop/shared/domain/roles';

/** One line per role, as the invite form and the change dialog describe it; `refundLimit` in pence. */
export function roleDescription(role: StaffRole, refundLimit: number = DEFAULT_COUNTER_REFUND_LIMIT): string {
  switch (role) {
    case 'owner':
      return 'Everything, staff and payment settings included.';
    case 'manager':
      return 'Everything but staff and payment settings.';
    case 'counter':
      return `Orders: accept, reject, cancel, take orders, sold out; refunds up to ${formatPounds(refundLimit)} an order. No menu or settings.`;
    case 'kitchen':
      return 'The order board: statuses, sold out, reprint. No refunds, menu or settings.';
    case 'driver':
      return 'Their own deliveries only.';
  }
}

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });

/** '28 Nov 2026', in the shop's time. */
export function dayText(iso: string): string {
  return DAY.format(new Date(iso));
}

/** The status column: 'Invited 28 Nov 2026' until the link is used, then 'Active'. */
export function statusText(member: StaffMember): string {
  if (member.status === 'active') return 'Active';
  return member.invitedAt ? `Invited ${dayText(member.invitedAt)}` : 'Invited';
}

/** The Joined column: the day the account was made, once the member has set their password. */
export function joinedText(member: StaffMember): string {
  return member.status === 'active' ? dayText(member.joinedAt) : 'Not yet';
}
