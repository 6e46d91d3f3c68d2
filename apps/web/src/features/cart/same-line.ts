import type { CartLine } from '@shop/shared/contract/cart';

function dealKey(line: CartLine): string {
  return (line.deal?.items ?? []).map((item) => `${item.slot}:${item.productId}`).sort().join('|');
}

/**
 * The domain's `sameConfiguration` without a catalogue, kept zod-free for the first load: the menu always
 * sends every choice explicitly (defaults filled in), so comparing the fields as given is enough.
 */
export function sameLine(a: CartLine, b: CartLine): boolean {
  if (a.productId !== b.productId) return false;
  if ((a.size ?? a.deal?.size ?? null) !== (b.size ?? b.deal?.size ?? null)) return false;
  if ((a.crust ?? a.deal?.crust ?? null) !== (b.crust ?? b.deal?.crust ?? null)) return false;
  if ((a.type ?? null) !== (b.type ?? null)) return false;
  const ta = a.toppingIds ?? [];
  const tb = b.toppingIds ?? [];
  if (ta.length !== tb.length || ta[0] !== tb[0]) return false;
  if ([...ta].sort().join('|') !== [...tb].sort().join('|')) return false;
  return dealKey(a) === dealKey(b);
}
