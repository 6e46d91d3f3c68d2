// What other modules and the infrastructure use of the catalogue: the menu from memory (pricing prices from it,
// the index page preloads its first images), a product's wire shape and not-found wording (favourites), and how
// many categories and products there are (the back office's figures); the menu's changes as they commit (realtime
// tells every storefront), and the menu's answers at a moment of the shop clock.
export { onMenuChanged } from './events';
export { getMenuAnswers, getMenuSnapshot, type MenuSnapshot } from './menu-cache';
export { countCatalogue, PRODUCT_NOT_FOUND } from './service';
export { toProductWire, type ProductWire } from './wire';
