import { SideCart } from '../../features/cart/components/side-cart';
import { FavouritesScreen } from '../../features/favourites/components/favourites-screen';
import { ProductList } from '../../features/menu/components/product-list';

/** `/favourite`: the signed-in user's favourites drawn as menu cards, each with Remove, and the side cart. */
export function FavouritesPage() {
  return (
    <FavouritesScreen
      renderCards={({ products, loading, cardAction }) => <ProductList products={products} loading={loading} cardAction={cardAction} />}
      aside={<SideCart />}
    />
  );
}
