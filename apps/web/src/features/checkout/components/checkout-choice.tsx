import { Link } from 'react-router';
import type { GuardState } from '../../../lib/guard-state';
import { Button, ButtonLink } from '../../../components/ui';
import { paths } from '../../../lib/paths';

/** What the sign-in page is handed: come back to the payment after signing in. */
export const BACK_TO_PAYMENT: GuardState = { from: { pathname: paths.payment } };

/**
 * A visitor's choice at checkout (decision 1502), as Domino's and Just Eat ask it: sign in (their saved addresses,
 * favourites and history), or continue as a guest with a name, an e-mail and a phone number.
 */
export function CheckoutChoice({ onGuest }: { onGuest(): void }) {
  return (
    <section aria-labelledby="checkout-choice-heading" className="ui-surface ui-stack checkout-choice">
      <h2 id="checkout-choice-heading" className="checkout-title">
        How would you like to check out?
      </h2>
      <div className="checkout-choice-options">
        <div className="checkout-choice-option">
          <ButtonLink to={paths.signin} state={BACK_TO_PAYMENT} variant="contained" size="large" fullWidth>
            Sign in
          </ButtonLink>
          <p className="ui-p ui-body2 ui-muted">Use your saved addresses, favourites and order history.</p>
        </div>
        <div className="checkout-choice-option">
          <Button variant="outlined" size="large" fullWidth onClick={onGuest}>
            Continue as guest
          </Button>
          <p className="ui-p ui-body2 ui-muted">No account needed: we e-mail your receipt and a link to follow your order.</p>
        </div>
      </div>
      <p className="ui-p ui-body2">
        New here?{' '}
        <Link className="text-link" to={paths.signup} state={BACK_TO_PAYMENT}>
          Create an account
        </Link>
      </p>
    </section>
  );
}
