import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useMatch } from 'react-router';
import { openingStateLine } from '@shop/shared/domain/opening-line';
import { orderAheadLine } from '@shop/shared/domain/order-ahead';
import { LiveOpeningStatus } from '../lib/live-opening-status';
import { isPausedStatus, quoteLine, useOpeningStatus } from '../lib/opening-status';
import { paths } from '../lib/paths';

/** Under the invitation on the cart page, above its Checkout. */
const ORDER_AHEAD_HINT = 'Fill your cart and choose a time at checkout.';

const AHEAD_SX = { mt: 0.25, ml: 2.25, fontWeight: 600, display: 'block', width: 'fit-content' } as const;

interface OpeningStateProps {
  /** Under the line while the shop takes no orders and none can be ordered ahead, e.g. that the cart keeps until it opens. */
  closedHint?: string;
}

/**
 * The shop's opening state in one line, by the shop's clock: 'Open until 23:15 · orders close at 23:00', or
 * 'Closed now · opens today at 14:00' (the menu and the cart, so nobody fills a cart to learn it at checkout).
 * Its height is kept while the answer is on its way, so the page does not jump when it comes. While orders are
 * taken, the quote under it ('Delivery in about 45 min'); while paused, the server's words ('We are not taking orders
 * right now. Back at 19:30.'). It follows `shop_status` live and asks again when busy mode or a pause ends. While
 * closed (not paused) with a slot left today or tomorrow, it invites ordering ahead ('Order ahead for tomorrow from
 * 17:45', the first slot): on the menu a link to the cart, whose Checkout leads to 'When' and its slots; on the cart
 * page the words alone, above that Checkout.
 */
export function OpeningState({ closedHint }: OpeningStateProps) {
  const status = useOpeningStatus().data;
  const onCart = useMatch(paths.cart) !== null;
  const taking = status?.acceptingOrders ?? true;
  const quote = taking ? quoteLine(status) : null;
  // The browser's clock says 'today' or 'tomorrow' (read at each answer, asked again every minute).
  const ahead = status ? orderAheadLine(status, new Date()) : null;
  return (
    <Box role="status" aria-label="Opening hours" sx={{ minHeight: 24 }}>
      <LiveOpeningStatus />
      {status && (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box
              aria-hidden
              sx={{ width: 10, height: 10, borderRadius: '50%', flexShrink: 0, bgcolor: taking ? 'success.main' : 'error.main' }}
            />
            <Typography component="p" sx={{ fontWeight: 600, fontSize: '0.9375rem' }}>
              {isPausedStatus(status) ? status.message : openingStateLine(status)}
            </Typography>
          </Box>
          {quote && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25, pl: 2.25 }}>
              {quote}
            </Typography>
          )}
          {ahead &&
            (onCart ? (
              <Typography variant="body2" sx={AHEAD_SX}>
                {ahead}
              </Typography>
            ) : (
              // A link drawn by Typography: MUI's Link would add 1.3 KB to the storefront's first load.
              <Typography variant="body2" component={RouterLink} to={paths.cart} sx={{ ...AHEAD_SX, color: 'primary.main' }}>
                {ahead}
              </Typography>
            ))}
          {ahead && onCart && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25, pl: 2.25 }}>
              {ORDER_AHEAD_HINT}
            </Typography>
          )}
          {!taking && !ahead && closedHint && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, pl: 2.25 }}>
              {closedHint}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
