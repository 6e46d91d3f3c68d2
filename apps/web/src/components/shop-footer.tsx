import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { useShopTrader } from '../lib/shop-trader';

/** The phone as a link a phone dials: 'tel:+441174960123' for '0117 496 0123'. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('0') ? `+44${digits.slice(1)}` : digits}`;
}

/**
 * Every storefront page's footer (decision 1002; Consumer Contracts Regulations 2013): who the customer buys from,
 * with the shop's geographic address, phone, e-mail and VAT number when it has one (nothing until the answer comes);
 * and the shop's tipping policy.
 */
export function ShopFooter() {
  const { data: trader } = useShopTrader();
  // Plain elements with the static classes of styles/storefront.css, as the whole storefront (decision 1105).
  return (
    <footer className="shop-footer">
      <div className="lg-container">
        {trader && (
          <address aria-label="The shop" className="shop-footer-address">
            <p className="shop-footer-name">{trader.name}</p>
            <p>{trader.address.join(', ')}</p>
            <p>
              Phone{' '}
              <a className="text-link" href={telHref(trader.phone)}>
                {trader.phone}
              </a>{' '}
              · E-mail{' '}
              <a className="text-link" href={`mailto:${trader.email}`}>
                {trader.email}
              </a>
              {trader.vatNumber && <> · VAT number {trader.vatNumber}</>}
            </p>
          </address>
        )}
        <p className="shop-footer-links">
          <Link className="text-link" to={paths.tippingPolicy}>
            Tipping policy
          </Link>
        </p>
      </div>
    </footer>
  );
}
