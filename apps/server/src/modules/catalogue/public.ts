// What other modules and the infrastructure use of the catalogue: the menu from memory (pricing prices from it,
// the index page preloads its first images), and a product's wire shape and not-found wording (favourites).
export { getMenuSnapshot, type MenuSnapshot } from './menu-cache';
export { PRODUCT_NOT_FOUND } from './service';
export { toProductWire, type ProductWire } from './wire';
