import { Link as RouterLink, useMatch } from 'react-router';
import { openingStateLine } from '@shop/shared/domain/opening-line';
import { orderAheadLine } from '@shop/shared/domain/order-ahead';
import { LiveOpeningStatus } from '../lib/live-opening-status';
import { isPausedStatus, quoteLine, useOpeningStatus } from '../lib/opening-status';
import { paths } from '../lib/paths';

/** Under the invitation on the cart page, above its Checkout. */
const ORDER_AHEAD_HINT = 'Fill your cart and choose a time at checkout.';

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
 * page the words alone, above that Checkout. A special day within a fortnight is named under the line ('Closed on
 * Friday 25 December', decision 1400).
 */
export function OpeningState({ closedHint }: OpeningStateProps) {
  const status = useOpeningStatus().data;
  const onCart = useMatch(paths.cart) !== null;
  const taking = status?.acceptingOrders ?? true;
  const quote = taking ? quoteLine(status) : null;
  // The browser's clock says 'today' or 'tomorrow' (read at each answer, asked again every minute).
  const ahead = status ? orderAheadLine(status, new Date()) : null;
  // Plain elements with the static classes of styles/storefront.css, as the whole storefront (decision 1105).
  return (
    <div role="status" aria-label="Opening hours" className="opening-state">
      <LiveOpeningStatus />
      {status && (
        <>
          <div className="opening-state-row">
            <span aria-hidden className={taking ? 'opening-state-dot' : 'opening-state-dot is-closed'} />
            <p className="opening-state-line">{isPausedStatus(status) ? status.message : openingStateLine(status)}</p>
          </div>
          {status.specialDay && <p className="opening-state-note opening-state-special">{status.specialDay}</p>}
          {quote && <p className="opening-state-note">{quote}</p>}
          {ahead &&
            (onCart ? (
              <p className="opening-state-ahead">{ahead}</p>
            ) : (
              <RouterLink to={paths.cart} className="opening-state-ahead is-link">
                {ahead}
              </RouterLink>
            ))}
          {ahead && onCart && <p className="opening-state-note">{ORDER_AHEAD_HINT}</p>}
          {!taking && !ahead && closedHint && <p className="opening-state-note is-spaced">{closedHint}</p>}
        </>
      )}
    </div>
  );
}
