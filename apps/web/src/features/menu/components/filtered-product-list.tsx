import type { ReactNode } from 'react';
import { CHOICES_NOT_RECORDED_WORDS, hiddenDishesWords, NOT_RECORDED_WORDS, type HiddenBy } from '@shop/shared/domain/allergens';
import { toPricedProduct } from '@shop/shared/domain/wire-pricing';
import { allergenWords } from '../../../lib/allergen-filter';
import { useMenuCatalogue } from '../../../lib/menu-catalogue';
import type { MenuProduct } from '../../../lib/menu-types';
import { menuVerdict, type MenuVerdict } from '../lib/allergen-verdicts';
import { ProductList } from './product-list';

interface FilteredProductListProps {
  products: MenuProduct[];
  avoid: readonly string[];
  loading?: boolean;
  cardAction?: (product: MenuProduct) => ReactNode;
}

/**
 * The category's cards with the allergen filter on (loaded only then): dishes that contain an avoided allergen are
 * left out and counted; those where only a choice has one are marked, naming it. Toppings must have arrived first, so
 * a dish is never shown unmarked for a moment.
 */
export function FilteredProductList({ products, avoid, loading = false, cardAction }: FilteredProductListProps) {
  const { catalogue, ready } = useMenuCatalogue();
  const verdicts = new Map<string, MenuVerdict>(
    products.map((product) => [
      product._id,
      menuVerdict(catalogue.products.get(product._id) ?? toPricedProduct(product), catalogue, avoid),
    ]),
  );
  const shown = products.filter((product) => verdicts.get(product._id)?.verdict !== 'hide');
  // The section's words come from its own hidden dishes: a section of vegan pizzas says gluten, not milk.
  const hiddenBy = products.flatMap((product): HiddenBy[] => {
    const verdict = verdicts.get(product._id);
    return verdict?.verdict === 'hide' ? [verdict.hiddenBy ?? { sure: [], any: [] }] : [];
  });
  const words = hiddenDishesWords(hiddenBy, shown.length);
  const note = (product: MenuProduct) => {
    const verdict = verdicts.get(product._id);
    if (verdict?.verdict !== 'mark') return null;
    // A dish whose allergens are not recorded is never passed as free of anything: it says to ask.
    const words = verdict.notRecorded
      ? NOT_RECORDED_WORDS
      : verdict.inChoices.length > 0
        ? `Check your choices: some contain ${allergenWords(verdict.inChoices)}`
        : CHOICES_NOT_RECORDED_WORDS;
    return (
      <span className="allergen-mark" data-testid="allergen-mark">
        {words}
      </span>
    );
  };
  return (
    <>
      {words.count && <p className="ui-p ui-body2 ui-muted filtered-count">{words.count}</p>}
      <ProductList products={shown} loading={loading || !ready} cardAction={cardAction} note={note} />
      {!loading && ready && words.every && <p className="ui-p ui-muted">{words.every}</p>}
    </>
  );
}
