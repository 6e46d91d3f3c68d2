import type { MenuCategory } from '../../../lib/menu-types';

/** SPEC.md section 1: the menu opens on Deals. */
export const DEFAULT_CATEGORY = 'Deals';

/** The category to show: the requested one if it exists, else Deals, else the first; null when there are none. */
export function selectCategory(categories: MenuCategory[], requested: string | null): string | null {
  const names = categories.map((category) => category.categoriName);
  if (requested && names.includes(requested)) return requested;
  if (names.includes(DEFAULT_CATEGORY)) return DEFAULT_CATEGORY;
  return names[0] ?? null;
}
