import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
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
  /** The price to show (the configured item's); defaults to 'from' the lowest size price. */
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
  return (
    <Card
      component="article"
      aria-label={product.title}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', position: 'relative' }}
    >
      {corner && <Box sx={{ position: 'absolute', top: 4, right: 4, zIndex: 1 }}>{corner}</Box>}
      {product.soldOut && (
        <Box
          sx={{
            position: 'absolute',
            top: 8,
            left: 8,
            zIndex: 1,
            px: 1,
            py: 0.25,
            borderRadius: 1,
            bgcolor: 'grey.900',
            color: 'common.white',
            fontWeight: 700,
            fontSize: '0.8125rem',
          }}
        >
          {SOLD_OUT_LABEL}
        </Box>
      )}
      {product.imageUrl ? (
        <Box
          component="img"
          src={product.imageUrl}
          alt={product.title}
          width={PRODUCT_IMAGE_SIZE}
          height={PRODUCT_IMAGE_SIZE}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          sx={{
            display: 'block',
            width: '100%',
            height: 'auto',
            aspectRatio: '1 / 1',
            objectFit: 'cover',
            bgcolor: 'grey.100',
            ...(product.soldOut ? { filter: 'grayscale(1)', opacity: 0.6 } : {}),
          }}
        />
      ) : (
        <Box aria-hidden="true" sx={{ width: '100%', aspectRatio: '1 / 1', bgcolor: 'grey.200' }} />
      )}
      <Box sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 0.75, flex: 1 }}>
        <Typography variant="h3" component="h3" sx={{ fontSize: { xs: '1rem', sm: '1.125rem' } }}>
          {product.title}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {product.description}
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid="allergens">
          {allergenText ?? <AllergenCodesLine codes={codes} />}
        </Typography>
        {note}
        {children}
        {price !== undefined ? (
          <Box sx={{ mt: 'auto', pt: 1 }}>{price}</Box>
        ) : (
          from !== null && <Typography sx={{ mt: 'auto', pt: 1, fontWeight: 700 }}>from {formatPounds(from)}</Typography>
        )}
        {footer}
      </Box>
    </Card>
  );
}
