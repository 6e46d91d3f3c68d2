import { useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { SIGNIN_TO_FAVOURITE } from '@shop/shared/domain/messages';
import { currentSessionUser } from '../../../lib/use-session';
import { showToast } from '../../../lib/toast';
import { MaterialIcon } from '../../../components/material-icon';
import { addFavourite } from '../api/favourites-queries';
import { paths } from '../../../lib/paths';

interface FavouriteButtonProps {
  productId: string;
  title: string;
  /** Already in the user's favourites: a filled heart. */
  saved: boolean;
}

const SIGNIN_REDIRECT_MS = 1200;

/** Material's Favorite and FavoriteBorder icons (@mui/icons-material), the paths alone. */
const HEART =
  'm12 21.35-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54z';
const HEART_OUTLINE =
  'M16.5 3c-1.74 0-3.41.81-4.5 2.09C10.91 3.81 9.24 3 7.5 3 4.42 3 2 5.42 2 8.5c0 3.78 3.4 6.86 8.55 11.54L12 21.35l1.45-1.32C18.6 15.36 22 12.28 22 8.5 22 5.42 19.58 3 16.5 3m-4.4 15.55-.1.1-.1-.1C7.14 14.24 4 11.39 4 8.5 4 6.5 5.5 5 7.5 5c1.54 0 3.04.99 3.57 2.36h1.87C13.46 5.99 14.96 5 16.5 5c2 0 3.5 1.5 3.5 3.5 0 2.89-3.14 5.74-7.9 10.05';

/**
 * What the heart does: adds the product to the signed-in customer's favourites. The menu draws its hearts before the
 * session's answer arrives: a tap then waits for it, rather than telling a signed-in customer to sign in. A visitor is
 * told 'Please signin or register' and, once it has been read (the sign-in screen has no toast of its own), `signIn`
 * runs. The home route's too, for a heart tapped before the app ran.
 */
export async function favourite(queryClient: QueryClient, productId: string, signIn: () => void): Promise<void> {
  const user = await currentSessionUser(queryClient).catch(() => null);
  if (!user) {
    showToast(SIGNIN_TO_FAVOURITE, 'warning', SIGNIN_REDIRECT_MS + 500);
    window.setTimeout(signIn, SIGNIN_REDIRECT_MS);
    return;
  }
  await addFavourite(queryClient, user.email, productId);
}

/**
 * The heart on a product card. Signed out, it says 'Please signin or register' and goes to /signin. It submits the
 * card's corner form (features/menu's product card): tapped before the app runs, it loads `?favourite=<id>`, which the
 * home route carries out once the app runs.
 */
export function FavouriteButton({ productId, title, saved }: FavouriteButtonProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const tap = () => {
    setBusy(true);
    void favourite(queryClient, productId, () => void navigate(paths.signin, { state: { from: location } })).finally(() => setBusy(false));
  };

  // A plain button with the static classes of styles/storefront.css: one on every card of the menu's first screen.
  return (
    <button
      type="submit"
      name="favourite"
      value={productId}
      onClick={(event) => {
        // With the app running, the tap is made here rather than by loading the address.
        event.preventDefault();
        tap();
      }}
      disabled={busy}
      aria-label={`Add ${title} to favourites`}
      aria-pressed={saved}
      className={saved ? 'favourite-button is-saved' : 'favourite-button'}
    >
      <MaterialIcon path={saved ? HEART : HEART_OUTLINE} />
    </button>
  );
}
