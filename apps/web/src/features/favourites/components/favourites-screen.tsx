import { useState, type ReactNode } from 'react';
import { Button, ConfirmDialog, Icon } from '../../../components/ui';
import { Page } from '../../../components/page';
import { useSession } from '../../../lib/use-session';
import type { MenuProduct } from '../../../lib/menu-types';
import { useFavourites, type Favourite } from '../api/favourites-queries';
import { useRemoveFavourite } from '../api/use-remove-favourite';

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
      <div className="favourites-layout">
        <div>
          {favourites.isError && (
            <p role="alert" className="ui-p ui-error-text">
              Your favourites could not be loaded. {favourites.error.message}
            </p>
          )}
          {favourites.isSuccess && list.length === 0 && (
            <div className="favourites-empty">
              <Icon name="favoriteBorder" />
              <p className="ui-p">No favourites yet. Click the heart icon on a product in the menu to keep it here.</p>
            </div>
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
                    className="favourite-remove"
                    onClick={() => setPending(favourite)}
                    aria-label={`Remove ${product.title} from favourites`}
                  >
                    Remove
                  </Button>
                )
              );
            },
          })}
        </div>
        {aside}
      </div>
      <ConfirmDialog
        open={pending !== null}
        question="Do you want to remove this favourite?"
        detail={pending ? `${pending.product.title} will be removed from My Favourites.` : undefined}
        confirmLabel="Remove"
        busy={remove.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (pending) remove.mutate(pending._id, { onSettled: () => setPending(null) });
        }}
      />
    </Page>
  );
}
