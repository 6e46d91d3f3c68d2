import { SideCart } from '../../features/cart/components/side-cart';
import { useFavouriteHearts } from '../../features/favourites/components/use-favourite-hearts';
import { MenuScreen } from '../../features/menu/components/menu-screen';

/** One element for every render, so the memoised menu screen is not redrawn for a new but equal aside. */
const sideCart = <SideCart />;

/** Home `/`: the menu, each card with its favourite heart, and from md up the side cart. */
export function HomePage() {
  const heart = useFavouriteHearts();
  return <MenuScreen cardAction={heart} aside={sideCart} />;
}
