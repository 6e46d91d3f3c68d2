import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import type { CartLine } from '@shop/shared/contract/cart';
import { CRUST_LABELS, CRUSTS, SIZE_LABELS, type Crust, type Size } from '@shop/shared/domain/catalogue-values';
import { ALLERGEN_NAMES, containsAnyAllergen, lineAllergens } from '@shop/shared/domain/allergens';
import { dealHasPizzaSlot, dealProgress, type DealChoice } from '@shop/shared/domain/deals';
import { DEAL_INCOMPLETE } from '@shop/shared/domain/messages';
import { formatPounds } from '@shop/shared/domain/money';
import { priceLine } from '@shop/shared/domain/pricing';
import { defaultConfiguration, sizePrice } from '@shop/shared/domain/product-options';
import { SOLD_OUT_LABEL, soldOutMessage } from '@shop/shared/domain/sold-out-words';
import { toPricedProduct } from '@shop/shared/domain/wire-pricing';
import { AskAboutAllergens } from '../../../components/allergen-line';
import { allergenWords, useAvoidedAllergens } from '../../../lib/allergen-filter';
import { below } from '../../../lib/breakpoints';
import { useCart } from '../../../lib/cart-store';
import type { MenuProduct } from '../../../lib/menu-types';
import { addOnText } from '../lib/add-on-text';
import { sizeOptions } from '../lib/card-config';
import { cartDisplay } from '../lib/cart-display';
import { soldOutIds } from '../lib/sold-out';
import { useMenuCatalogue } from '../../../lib/menu-catalogue';
import { OptionGroup } from './option-group';

interface DealBuilderDialogProps {
  open: boolean;
  onClose: () => void;
  product: MenuProduct;
}

/**
 * Fills a deal's slots (SPEC.md sections 4 and 5; the slots are data). Each slot is a section listing what may
 * fill it; its choices disappear once it is full (Fussy Eaters keeps offering extra pizzas, at their price).
 * The size is chosen when the deal has several, the crust once for every pizza. Sold-out products are not offered;
 * one that sells out after it was chosen says so, and the deal cannot be added until it is removed.
 */
export function DealBuilderDialog({ open, onClose, product }: DealBuilderDialogProps) {
  const cart = useCart();
  const { catalogue, products } = useMenuCatalogue();
  const soldOut = soldOutIds(products);
  const deal = catalogue.products.get(product._id) ?? toPricedProduct(product);
  const fullScreen = useMediaQuery(below('sm'));
  const defaults = defaultConfiguration(deal);
  const [size, setSize] = useState<Size | null>(defaults.size);
  const [crust, setCrust] = useState<Crust>(defaults.crust ?? 'deep_pan');
  const [items, setItems] = useState<DealChoice[]>([]);
  const [refused, setRefused] = useState(false);

  const hasPizzas = dealHasPizzaSlot(deal);
  const progress = dealProgress(deal, items, catalogue, { size, crust: hasPizzas ? crust : null });
  // Items that no longer fit (the size changed under them) are dropped rather than left to fail at the server.
  const validItems: DealChoice[] = progress.items.map(({ slot, productId }) => ({ slot, productId }));
  const sizes = sizeOptions(deal);
  const titleId = `deal-title-${deal.id}`;

  const line: CartLine = {
    productId: deal.id,
    quantity: 1,
    deal: { ...(size ? { size } : {}), ...(hasPizzas ? { crust } : {}), items: validItems },
  };
  let price: number | null = null;
  if (progress.complete) {
    try {
      price = priceLine(line, catalogue).unitPrice;
    } catch {
      price = null;
    }
  }
  const basePrice = size ? sizePrice(deal, size) : null;
  // The allergens of what is chosen so far (each item, the stuffed crust), as it changes.
  const avoid = useAvoidedAllergens();
  const allergens = lineAllergens(line, catalogue);
  const soldOutItem = progress.items.find((item) => soldOut.has(item.productId));
  const soldOutNow = product.soldOut
    ? soldOutMessage(deal.title, product)
    : soldOutItem
      ? soldOutMessage(soldOutItem.title, products.get(soldOutItem.productId) ?? { soldOutUntil: null })
      : null;

  // Size s forces deep pan (SPEC.md section 4), for a deal's pizzas as for a single pizza.
  const crustDisabled = (option: Crust) => option !== 'deep_pan' && progress.size === 's';

  const add = () => {
    if (soldOutNow) return;
    if (!progress.complete || price === null) {
      // Shown inside the dialog: a toast behind a modal dialog would be hidden from screen readers.
      setRefused(true);
      return;
    }
    cart.add(line, cartDisplay(product));
    setItems([]);
    onClose();
  };

  const choose = (next: DealChoice[]) => {
    setRefused(false);
    setItems(next);
  };

  const removeAt = (slot: number, productId: string) => {
    const index = validItems.findIndex((item) => item.slot === slot && item.productId === productId);
    choose(validItems.filter((_, i) => i !== index));
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen} scroll="paper">
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {deal.title}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        {sizes.length > 1 && (
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
              Deal size
            </Typography>
            <OptionGroup
              label="Deal size"
              columns={Math.min(sizes.length, 4)}
              options={sizes.map((option) => ({ value: option.size, label: `${option.label} ${formatPounds(option.price)}` }))}
              value={size}
              onChange={setSize}
            />
          </Box>
        )}
        {hasPizzas && (
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
              Crust for every pizza
            </Typography>
            <OptionGroup
              label="Crust for every pizza"
              columns={3}
              options={CRUSTS.map((option) => ({
                value: option,
                label: CRUST_LABELS[option],
                note: option === 'stuffed_crust' && deal.crust ? `${addOnText(deal.crust.stuffed_crust) ?? ''} a pizza` : undefined,
                disabled: crustDisabled(option),
              }))}
              value={crust}
              onChange={setCrust}
            />
          </Box>
        )}
        {progress.slots.map((slot) => {
          const chosen = progress.items.filter((item) => item.slot === slot.slot);
          const choices = slot.choices.filter((choice) => !soldOut.has(choice.id));
          const extraEach = deal.dealSlots?.[slot.slot]?.extraEach ?? 0;
          return (
            <Box
              key={slot.slot}
              component="section"
              aria-label={slot.label}
              sx={{ border: 1, borderColor: slot.full ? 'success.light' : 'divider', borderRadius: 1, p: 1.5 }}
            >
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                {slot.label}{' '}
                <Typography component="span" variant="body2" color={slot.full ? 'success.dark' : 'text.secondary'}>
                  ({Math.min(slot.filled, slot.count)} of {slot.count}
                  {slot.extra > 0 ? ` + ${slot.extra} extra` : ''})
                </Typography>
              </Typography>
              {chosen.length > 0 && (
                <Box
                  component="ul"
                  aria-label={`Chosen for ${slot.label}`}
                  sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5, display: 'grid', gap: 0.5 }}
                >
                  {chosen.map((item, index) => (
                    <Box
                      component="li"
                      key={`${item.productId}-${index}`}
                      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
                    >
                      <Typography variant="body2">
                        {item.title}
                        {item.size && slot.kind === 'pizza' ? ` (${SIZE_LABELS[item.size]})` : ''}
                        {index >= slot.count && extraEach > 0 ? ` ${addOnText(extraEach) ?? ''}` : ''}
                        {soldOut.has(item.productId) && (
                          <Typography component="span" variant="body2" color="error" sx={{ fontWeight: 700 }}>
                            {` ${SOLD_OUT_LABEL}`}
                          </Typography>
                        )}
                      </Typography>
                      <Button
                        size="small"
                        color="secondary"
                        onClick={() => removeAt(slot.slot, item.productId)}
                        aria-label={`Remove ${item.title} from ${slot.label}`}
                      >
                        Remove
                      </Button>
                    </Box>
                  ))}
                </Box>
              )}
              {choices.length > 0 && (
                <>
                  {slot.full && extraEach > 0 && (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                      Add more for {formatPounds(extraEach)} each (up to {slot.max} in all).
                    </Typography>
                  )}
                  <Box
                    role="group"
                    aria-label={`Choices for ${slot.label}`}
                    sx={{
                      mt: 1,
                      display: 'grid',
                      gap: 0.5,
                      gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
                    }}
                  >
                    {choices.map((product) => (
                      <Button
                        key={product.id}
                        size="small"
                        variant="outlined"
                        onClick={() => choose([...validItems, { slot: slot.slot, productId: product.id }])}
                        aria-describedby={
                          product.allergens === null || product.allergens?.length
                            ? `choice-allergens-${slot.slot}-${product.id}`
                            : undefined
                        }
                        sx={{ minWidth: 0, whiteSpace: 'normal', lineHeight: 1.25, fontSize: '0.8125rem', flexDirection: 'column' }}
                      >
                        {product.title}
                        {product.allergens === null && (
                          <Typography
                            id={`choice-allergens-${slot.slot}-${product.id}`}
                            aria-hidden="true"
                            component="span"
                            variant="caption"
                            sx={{ textTransform: 'none', lineHeight: 1.2, color: 'warning.dark', fontWeight: 700 }}
                          >
                            Allergens not recorded
                          </Typography>
                        )}
                        {product.allergens && product.allergens.length > 0 && (
                          <Typography
                            id={`choice-allergens-${slot.slot}-${product.id}`}
                            aria-hidden="true"
                            component="span"
                            variant="caption"
                            sx={{
                              textTransform: 'none',
                              lineHeight: 1.2,
                              ...(containsAnyAllergen(product.allergens, avoid)
                                ? { color: 'error.main', fontWeight: 700 }
                                : { color: 'text.secondary' }),
                            }}
                          >
                            {containsAnyAllergen(product.allergens, avoid) ? 'Contains ' : ''}
                            {allergenWords(product.allergens)}
                          </Typography>
                        )}
                      </Button>
                    ))}
                  </Box>
                </>
              )}
            </Box>
          );
        })}
      </DialogContent>
      <Typography
        variant="body2"
        aria-live="polite"
        data-testid="chosen-allergens"
        sx={{ px: 3, pt: 1.5, color: containsAnyAllergen(allergens, avoid) ? 'error.main' : 'text.primary' }}
      >
        <strong>Allergens as chosen:</strong>{' '}
        {validItems.length === 0 ? (
          'choose your dishes'
        ) : allergens === null ? (
          <AskAboutAllergens />
        ) : allergens.length > 0 ? (
          allergens.map((code) => ALLERGEN_NAMES[code]).join(', ')
        ) : (
          'none of the 14'
        )}
      </Typography>
      {soldOutNow && (
        <Alert severity="warning" role="alert" sx={{ mx: 2, mt: 1 }}>
          {soldOutNow}
        </Alert>
      )}
      {refused && !progress.complete && !soldOutNow && (
        <Alert severity="warning" role="alert" sx={{ mx: 2, mt: 1 }}>
          {DEAL_INCOMPLETE}
        </Alert>
      )}
      <DialogActions sx={{ justifyContent: 'space-between', px: 3 }}>
        <Typography sx={{ fontWeight: 700 }} aria-live="polite">
          {price !== null ? `Price ${formatPounds(price)}` : basePrice !== null ? `Deal price ${formatPounds(basePrice)}` : ''}
        </Typography>
        <Button variant="contained" onClick={add} disabled={soldOutNow !== null}>
          Add to cart
        </Button>
      </DialogActions>
    </Dialog>
  );
}
