import type { ReactNode } from 'react';
import { formatPounds } from '@shop/shared/domain/money';
import { SOLD_OUT_LABEL } from '@shop/shared/domain/sold-out-words';
import { AllergenCodesLine } from '../../../components/allergen-line';
import type { MenuProduct } from '../../../lib/menu-types';
import { fromPricePence } from '../lib/from-price';

export const PRODUCT_IMAGE_SIZE = 320;

interface ProductCardProps {
  product: MenuProduct;
  /** Above-the-fold cards load their image at once; the rest wait until scrolled near. */
  eager?: boolean;
  /** The price to show (the configured item's, e.g. '£9.99'); defaults to 'from' the lowest size price. */
  price?: ReactNode;
  /** Over the image's top-right corner, e.g. the favourite heart. */
  corner?: ReactNode;
  /** The card's options (size, crust, ...), between the description and the price. */
  children?: ReactNode;
  /** Below the price, e.g. the Add to cart button. */
  footer?: ReactNode;
  /**
   * The allergens to name: the chosen configuration's (the option cards); the product's own by default. Null: some
   * part's are not recorded, and the card says to ask the shop (decision 1004).
   */
  allergens?: readonly string[] | null;
  /** Said instead of the allergens (a deal's depend on its choices). */
  allergenText?: string;
  /** Under the allergens, e.g. the allergen filter's mark. */
  note?: ReactNode;
}

export function ProductCard({ product, eager = false, price, corner, children, footer, allergens, allergenText, note }: ProductCardProps) {
  const from = fromPricePence(product);
  // On every card (FSA: on the menu or one click away): the short codes; the builders name them in full.
  const codes = allergens !== undefined ? allergens : product.allergens;
  // Plain elements with the static classes of styles/storefront.css, not MUI's Card, Box and Typography: the cards are
  // most of the first screen, and each MUI part serialised its styles again while the page hydrated (decision 1103).
  return (
    // data-card: an option card (one with its own price), whose code a server-rendered page loads before hydrating.
    <article aria-label={product.title} className="menu-card" data-card={price !== undefined ? 'options' : undefined}>
      {corner && <div className="menu-card-corner">{corner}</div>}
      {product.soldOut && <div className="menu-card-sold-out">{SOLD_OUT_LABEL}</div>}
      {product.imageUrl ? (
        <img
          src={product.imageUrl}
          alt={product.title}
          width={PRODUCT_IMAGE_SIZE}
          height={PRODUCT_IMAGE_SIZE}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          className={product.soldOut ? 'menu-card-image is-sold-out' : 'menu-card-image'}
        />
      ) : (
        <div aria-hidden="true" className="menu-card-no-image" />
      )}
      <div className="menu-card-body">
        <h3 className="menu-card-title">{product.title}</h3>
        <p className="menu-card-description">{product.description}</p>
        <p className="menu-card-caption" data-testid="allergens">
          {allergenText ?? <AllergenCodesLine codes={codes} />}
        </p>
        {note}
        {children}
        {price !== undefined ? (
          <p className="menu-card-price is-configured">{price}</p>
        ) : (
          from !== null && <p className="menu-card-price">from {formatPounds(from)}</p>
        )}
        {footer}
      </div>
    </article>
  );
}
