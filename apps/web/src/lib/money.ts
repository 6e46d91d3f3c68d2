/** A price as it travels on the wire: pounds as a number, or "" when the option is unused. */
export type WirePrice = number | string | null | undefined;

/** Pounds from the wire to integer pence; blank, missing or non-numeric values are null. */
export function poundsToPence(value: WirePrice): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const pounds = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(pounds)) return null;
  return Math.round(pounds * 100);
}

/** Integer pence shown as pounds, e.g. 1299 -> "£12.99". */
export function formatPence(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}£${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
