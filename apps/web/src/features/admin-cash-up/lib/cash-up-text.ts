import type { TipMonthStatus } from '@shop/shared/domain/driver-cash-up';
import { formatPounds, poundsToPence } from '@shop/shared/domain/money';

/** £ from the wire's pounds: '£12.50'. */
export const money = (pounds: number) => formatPounds(Math.round(pounds * 100));

/** A form's amount of pounds ('45.5', '£45.50'), or the words saying what to type. */
export function poundsField(text: string, what: string): { pounds: number } | { error: string } {
  const pence = poundsToPence(text.replace(/^\s*£/, ''));
  if (pence === null) return { error: `Enter ${what} in pounds, such as 45.50` };
  return { pounds: pence / 100 };
}

export const TIP_STATUS_LABELS: Record<TipMonthStatus, string> = {
  open: 'Month not over',
  due: 'Due',
  overdue: 'Overdue',
  paid: 'Paid',
};

/** '31/12/2026' from '2026-12-31'. */
export function dayText(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}
