/** Which fields changed, and each side with only those. */
export interface FieldChange {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  keys: string[];
}

/** The fields whose values differ between two states, each side with only those (JSON equality). */
export function changedOnly(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
    keys,
  };
}

/** A field's name in words: 'lateAfterMinutes' → 'late after minutes'. */
function words(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/**
 * A change in words for a summary: 'price M £8.99 → £9.49, description'. A short value is shown on both sides; a long
 * one or a list only by its label (the entry's before and after hold it whole).
 */
export function describeChanges(change: FieldChange, labels: Readonly<Record<string, string>> = {}): string {
  const shown = (value: unknown) =>
    value === null || value === undefined
      ? 'none'
      : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : null;
  return change.keys
    .map((key) => {
      const label = labels[key] ?? words(key);
      const from = shown(change.before[key]);
      const to = shown(change.after[key]);
      return from !== null && to !== null && from.length + to.length <= 40 ? `${label} ${from} → ${to}` : label;
    })
    .join(', ');
}
