import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import RemoveIcon from '@mui/icons-material/Remove';
import { useNavigate } from 'react-router';
import { isPricingErrorCode } from '@shop/shared/contract/error-codes';
import { MINIMUM_ORDER, NO_PRODUCT_ADDED, NO_TOPPINGS_ADDED } from '@shop/shared/domain/messages';
import { formatPounds } from '@shop/shared/domain/money';
import { SOLD_OUT_LABEL } from '@shop/shared/domain/sold-out-words';
import { AllergenCodesLine } from '../../../components/allergen-line';
import { ApiError } from '../../../lib/api';
import { imageUrlAtWidth } from '../../../lib/image-url';
import { LiveMenu } from '../../../lib/live-menu';
import { useSession } from '../../../lib/use-session';
import { useMenuCatalogue } from '../../../lib/menu-catalogue';
import { showToast } from '../../../lib/toast';
import { useCartQuote } from '../../../lib/use-cart-quote';
import { useCart } from '../../../lib/cart-store';
import { cartView, localQuote } from '../lib/cart-view';
import { checkoutStep } from '../lib/checkout-target';

interface CartPanelProps {
  /** The side cart has its own 'My Cart' heading; the /cart page's heading is the page title. */
  showHeading?: boolean;
}

function serverProblem(error: unknown): { message: string; lineIndex: number | null } | null {
  if (!error) return null;
  // A line the shop cannot price (a pricing code) or with something sold out: the answer names the line, so the
  // message goes under it.
  if (error instanceof ApiError && (isPricingErrorCode(error.code) || error.code === 'ITEM_SOLD_OUT')) {
    const { lineIndex } = error.body as { lineIndex?: unknown };
    return { message: error.message, lineIndex: typeof lineIndex === 'number' ? lineIndex : null };
  }
  if (error instanceof ApiError) return { message: error.message, lineIndex: null };
  return { message: error instanceof Error ? error.message : 'The prices could not be checked.', lineIndex: null };
}

/**
 * 'My Cart': the lines with their quantities and prices, the total the server confirms, and Checkout. A line with
 * something sold out says so ('Sold out' and the shop's words) and stops checkout until it is removed.
 */
export function CartPanel({ showHeading = true }: CartPanelProps) {
  const cart = useCart();
  const session = useSession();
  const navigate = useNavigate();
  const menu = useMenuCatalogue();
  const quote = useCartQuote();
  const local = localQuote(cart.entries, menu.catalogue, menu.ready);
  const current = !quote.isPlaceholderData && !quote.isFetching;
  const view = cartView(cart.entries, local, { data: quote.data, current, error: current ? serverProblem(quote.error) : null }, menu);

  const checkout = () => {
    const step = checkoutStep(view.total, session.user !== null);
    if (step.kind === 'refuse') {
      showToast(
        step.reason === 'minimum' ? MINIMUM_ORDER : (view.problem?.message ?? 'The prices are being checked. Try again in a moment.'),
        'warning',
      );
      return;
    }
    if (step.kind === 'signin') void navigate(step.to, { state: step.state });
    else void navigate(step.to);
  };

  return (
    <Paper
      component="section"
      aria-labelledby={showHeading ? 'cart-heading' : undefined}
      aria-label={showHeading ? undefined : 'My Cart'}
      variant="outlined"
      sx={{ p: 2 }}
    >
      <LiveMenu />
      {showHeading && (
        <Typography id="cart-heading" variant="h2" component="h2" sx={{ mb: 1.5, fontSize: '1.375rem' }}>
          My Cart
        </Typography>
      )}
      {cart.entries.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {NO_PRODUCT_ADDED}
        </Typography>
      ) : (
        <Box component="ul" aria-label="Cart items" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {view.lines.map((line, index) => (
            <Box
              component="li"
              key={line.key}
              aria-label={line.title}
              sx={{ display: 'grid', gridTemplateColumns: '48px minmax(0, 1fr)', gap: 1.25 }}
            >
              {line.imageUrl ? (
                <Box
                  component="img"
                  src={imageUrlAtWidth(line.imageUrl, 160)}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  sx={{ borderRadius: 1, objectFit: 'cover', bgcolor: 'grey.100' }}
                />
              ) : (
                <Box aria-hidden="true" sx={{ width: 48, height: 48, borderRadius: 1, bgcolor: 'grey.200' }} />
              )}
              <Box sx={{ minWidth: 0 }}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                  <Typography sx={{ fontWeight: 700, lineHeight: 1.3 }}>{line.title}</Typography>
                  <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                    {line.lineTotal !== null ? formatPounds(line.lineTotal) : '…'}
                  </Typography>
                </Box>
                {line.details.length > 0 && (
                  <Typography variant="body2" color="text.secondary">
                    {line.details.join(' · ')}
                  </Typography>
                )}
                {line.dealItems.length > 0 && (
                  <Typography variant="body2" color="text.secondary">
                    {line.dealItems.join(', ')}
                  </Typography>
                )}
                {line.toppings !== null && (
                  <Typography variant="body2" color="text.secondary">
                    {line.toppings || NO_TOPPINGS_ADDED}
                  </Typography>
                )}
                {line.allergens !== undefined && (
                  <Typography variant="body2" color="text.secondary" data-testid="line-allergens">
                    <AllergenCodesLine codes={line.allergens} />
                  </Typography>
                )}
                {line.soldOut !== null && (
                  <Typography variant="body2" color="error">
                    <Box component="strong" sx={{ mr: 0.5 }}>
                      {SOLD_OUT_LABEL}:
                    </Box>
                    {line.soldOut}
                  </Typography>
                )}
                {view.problem?.lineIndex === index && line.soldOut === null && (
                  <Typography variant="body2" color="error" role="alert">
                    {view.problem.message}
                  </Typography>
                )}
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}>
                  <IconButton
                    size="small"
                    aria-label={`Decrease ${line.title}`}
                    onClick={() => cart.decrease(line.key)}
                    disabled={line.quantity <= 1}
                  >
                    <RemoveIcon fontSize="small" />
                  </IconButton>
                  {/* An <output>: its role (status) may be named, and a screen reader hears the new quantity. */}
                  <Typography
                    component="output"
                    aria-label={`Quantity of ${line.title}`}
                    sx={{ minWidth: 24, textAlign: 'center', fontWeight: 600 }}
                  >
                    {line.quantity}
                  </Typography>
                  <IconButton size="small" aria-label={`Increase ${line.title}`} onClick={() => cart.increase(line.key)}>
                    <AddIcon fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={`Remove ${line.title}`} onClick={() => cart.remove(line.key)} sx={{ ml: 'auto' }}>
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Box>
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {view.problem && view.problem.lineIndex === null && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {view.problem.message}
        </Alert>
      )}
      <Divider sx={{ my: 1.5 }} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 700 }}>Total</Typography>
        <Typography
          sx={{ fontWeight: 700, fontSize: '1.25rem' }}
          data-testid="cart-total"
          data-confirmed={view.confirmed ? 'true' : 'false'}
        >
          {view.total !== null ? formatPounds(view.total) : '…'}
        </Typography>
      </Box>
      <Typography variant="caption" color="text.secondary" aria-live="polite" sx={{ display: 'block', minHeight: '1.25em' }}>
        {cart.entries.length === 0 ? '' : view.confirmed ? 'Prices confirmed by the shop' : view.problem ? '' : 'Checking prices…'}
      </Typography>
      <Button variant="contained" fullWidth size="large" onClick={checkout} sx={{ mt: 1 }}>
        Checkout
      </Button>
    </Paper>
  );
}
