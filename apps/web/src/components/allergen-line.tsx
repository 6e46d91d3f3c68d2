import { allergenWords } from '../lib/allergen-filter';
import { useShopTrader } from '../lib/shop-trader';
import { telHref } from './shop-footer';

/**
 * What the storefront says where allergens are not recorded (decision 1004): the customer must ask, never read 'none'.
 * The shop's phone comes from the trader settings the footer already reads (`GET /api/shop-trader`); until they come,
 * the words without a number.
 */
export function askAboutAllergensText(phone: string | null | undefined): string {
  return phone ? `Ask us about allergens: call ${phone}` : 'Ask us about allergens before ordering';
}

/** 'Ask us about allergens: call 0117 496 0123', the number a link a phone dials. */
export function AskAboutAllergens() {
  const { data: trader } = useShopTrader();
  if (!trader?.phone) return <>{askAboutAllergensText(null)}</>;
  return (
    <>
      Ask us about allergens: call{' '}
      <a className="text-link is-inherit" href={telHref(trader.phone)}>
        {trader.phone}
      </a>
    </>
  );
}

/**
 * A card's, cart line's or checkout line's allergens: 'Allergens: gluten, milk', 'Allergens: none' (recorded as none
 * of the 14), or, when some part's are not recorded (null), 'Ask us about allergens: call …'.
 */
export function AllergenCodesLine({ codes }: { codes: readonly string[] | null }) {
  if (codes === null) return <AskAboutAllergens />;
  return <>Allergens: {codes.length > 0 ? allergenWords(codes) : 'none'}</>;
}
