import { lazy, Suspense, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import { Page } from '../../../components/page';
import { useSession } from '../../../lib/use-session';
import type { MenuProduct } from '../../../lib/menu-types';
import { useFavourites, type Favourite } from '../api/favourites-queries';
import { useRemoveFavourite } from '../api/use-remove-favourite';

const ConfirmDialog = lazy(() => import('../../../components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

/** What the screen hands to whoever draws the favourites as menu cards. */
export interface FavouriteCards {
  products: MenuProduct[];
  loading: boolean;
  /** The Remove button over each card's image. */
  cardAction: (product: MenuProduct) => ReactNode;
}

interface FavouritesScreenProps {
  /** Draws the favourites as menu cards (the app layer brings the menu's grid). */
  renderCards: (cards: FavouriteCards) => ReactNode;
  /** Beside the cards from md up, e.g. the side cart. */
  aside?: ReactNode;
}

/** My Favourites: the signed-in user's favourites as menu cards, each removable after a confirmation, and the aside. */
export function FavouritesScreen({ renderCards, aside }: FavouritesScreenProps) {
  const { user } = useSession();
  const favourites = useFavourites(user?.email);
  const remove = useRemoveFavourite(user?.email);
  const [pending, setPending] = useState<Favourite | null>(null);
  const list = favourites.data ?? [];
  const byProduct = new Map(list.map((favourite) => [favourite.id, favourite]));

  return (
    <Page title="My Favourites">
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 340px' } }}>
        <Box>
          {favourites.isError && (
            <Typography role="alert" color="error">
              Your favourites could not be loaded. {favourites.error.message}
            </Typography>
          )}
          {favourites.isSuccess && list.length === 0 && (
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                p: 2,
                borderRadius: 2,
                bgcolor: 'background.paper',
                border: 1,
                borderColor: 'divider',
              }}
            >
              <FavoriteBorderIcon color="primary" aria-hidden="true" />
              <Typography>No favourites yet. Click the heart icon on a product in the menu to keep it here.</Typography>
            </Box>
          )}
          {renderCards({
            products: list.map((favourite) => favourite.product),
            loading: favourites.isPending,
            cardAction: (product) => {
              const favourite = byProduct.get(product._id);
              return (
                favourite && (
                  <Button
                    size="small"
                    variant="contained"
                    color="secondary"
                    onClick={() => setPending(favourite)}
                    aria-label={`Remove ${product.title} from favourites`}
                  >
                    Remove
                  </Button>
                )
              );
            },
          })}
        </Box>
        {aside}
      </Box>
      {pending && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            question="Do you want to remove this favourite?"
            detail={`${pending.product.title} will be removed from My Favourites.`}
            confirmLabel="Remove"
            busy={remove.isPending}
            onClose={() => setPending(null)}
            onConfirm={() => remove.mutate(pending._id, { onSettled: () => setPending(null) })}
          />
        </Suspense>
      )}
    </Page>
  );
}
