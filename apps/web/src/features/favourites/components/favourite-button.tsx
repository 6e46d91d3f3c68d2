import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import IconButton from '@mui/material/IconButton';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import { useLocation, useNavigate } from 'react-router';
import { SIGNIN_TO_FAVOURITE } from '@shop/shared/domain/messages';
import { currentSessionUser } from '../../../lib/use-session';
import { showToast } from '../../../lib/toast';
import { addFavourite } from '../api/favourites-queries';
import { paths } from '../../../lib/paths';

interface FavouriteButtonProps {
  productId: string;
  title: string;
  /** Already in the user's favourites: a filled heart. */
  saved: boolean;
}

const SIGNIN_REDIRECT_MS = 1200;

/** The heart on a product card. Signed out, it says 'Please signin or register' and goes to /signin. */
export function FavouriteButton({ productId, title, saved }: FavouriteButtonProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const click = async () => {
    setBusy(true);
    // The menu draws its hearts before the session's answer arrives: a click then waits for it, rather than telling
    // a signed-in customer to sign in.
    const user = await currentSessionUser(queryClient).catch(() => null);
    if (!user) {
      setBusy(false);
      showToast(SIGNIN_TO_FAVOURITE, 'warning', SIGNIN_REDIRECT_MS + 500);
      // The sign-in screen has no toast of its own: let the message be read before leaving the menu.
      window.setTimeout(() => void navigate(paths.signin, { state: { from: location } }), SIGNIN_REDIRECT_MS);
      return;
    }
    void addFavourite(queryClient, user.email, productId).finally(() => setBusy(false));
  };

  return (
    <IconButton
      onClick={() => void click()}
      disabled={busy}
      aria-label={`Add ${title} to favourites`}
      aria-pressed={saved}
      sx={{ bgcolor: 'rgba(255, 255, 255, 0.9)', color: saved ? '#c2185b' : 'text.primary', '&:hover': { bgcolor: '#fff' } }}
    >
      {saved ? <FavoriteIcon /> : <FavoriteBorderIcon />}
    </IconButton>
  );
}
