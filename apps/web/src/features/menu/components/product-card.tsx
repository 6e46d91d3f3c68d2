import type { FormEvent, ReactNode, Ref } from 'react';
import { formatPounds } from '@shop/shared/domain/money';
import { SOLD_OUT_LABEL } from '@shop/shared/domain/sold-out-words';
import { AllergenCodesLine } from '../../../components/allergen-line';
import type { MenuProduct } from '../../../lib/menu-types';
import { paths } from '../../../lib/paths';
import { fromPricePence } from '../lib/from-price';
import { DEFAULT_CATEGORY } from '../lib/select-category';

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
  /**
   * Makes the card's body a form whose buttons submit: before the app runs a tap loads the card's tap as an address
   * (features/menu/lib/taps-in-url.ts); once it runs, this handles it instead (and prevents the loading).
   */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** The body's form, when it is one. */
  formRef?: Ref<HTMLFormElement>;
}

/**
 * The category's page the card's forms load (`/` for the one the menu opens on): a tap before the app runs comes back
 * to the view it was made in.
 */
function CategoryField({ category }: { category: string }) {
  return category === DEFAULT_CATEGORY ? null : <input type="hidden" name="category" value={category} />;
}

export function ProductCard({
  product,
  eager = false,
  price,
  corner,
  children,
  footer,
  allergens,
  allergenText,
  note,
  onSubmit,
  formRef,
}: ProductCardProps) {
  const from = fromPricePence(product);
  // On every card (FSA: on the menu or one click away): the short codes; the builders name them in full.
  const codes = allergens !== undefined ? allergens : product.allergens;
  // The card's forms load the page at this card, where the tap was made, not at the top.
  const id = `card-${product._id}`;
  const action = `${paths.home}#${id}`;
  const content = (
    <>
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
    </>
  );
  // Plain elements with the static classes of styles/storefront.css, not MUI's Card, Box and Typography: the cards are
  // most of the first screen, and each MUI part serialised its styles again while the page hydrated.
  return (
    <article id={id} aria-label={product.title} className="menu-card">
      {corner && (
        // A form too, so the heart works before the app runs (features/favourites/components/favourite-button.tsx).
        <form method="get" action={action} className="menu-card-corner">
          <CategoryField category={product.category} />
          {corner}
        </form>
      )}
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
      {onSubmit ? (
        <form ref={formRef} method="get" action={action} onSubmit={onSubmit} className="menu-card-body">
          <CategoryField category={product.category} />
          {content}
        </form>
      ) : (
        <div className="menu-card-body">{content}</div>
      )}
    </article>
  );
}
