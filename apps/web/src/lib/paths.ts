/**
 * Every path of the web app, written once, in the spec's spellings (SPEC.md section 2, typos included:
 * /categoriforms, /allproduts). The route table (`src/app/route-table.tsx`) declares exactly these patterns and
 * every link, redirect and navigation builds its target from here; `paths.test.ts` checks both, so a path is
 * renamed in one place. A pattern with a `:param` has a builder below that fills it in.
 */
export const paths = {
  // Storefront
  home: '/',
  cart: '/cart',
  signin: '/signin',
  signup: '/signup',
  favourite: '/favourite',
  notification: '/notification',
  myProfile: '/profile/my-profile',
  myOrders: '/profile/my-orders',
  /** The customer's saved addresses, to add, edit and delete outside checkout. */
  myAddresses: '/profile/addresses',
  addAddress: '/addaddress',
  editAddress: '/addaddress/:id',
  order: '/orders/:ordersId',
  payment: '/payment',
  /** An order's tracking page, by its unguessable token: a guest's way back to the order (decision 1502). */
  track: '/track/:token',
  /** The shop's written tipping policy (decision 1602): linked from the tip chooser and the footer. */
  tippingPolicy: '/tipping-policy',
  // Back office
  dashboard: '/dashboard',
  orderList: '/order-list',
  newOrders: '/neworders',
  todaysOrders: '/todaysorders',
  lastDayOrders: '/lastdayorders',
  lastWeekOrders: '/lastweekorders',
  lastMonthOrders: '/lastmonthorders',
  allOrders: '/allorders',
  adminOrder: '/allorders/:ordersId',
  pendingOrders: '/pendingorders',
  /** The orders accepted and not yet on their way, by when they are due: the kitchen's work. */
  acceptedOrders: '/acceptedorders',
  /** A phone or counter order, taken by the staff for a caller or a walk-in. */
  newOrder: '/new-order',
  categories: '/categories',
  addCategory: '/categoriforms',
  editCategory: '/categories/:id',
  toppings: '/ingredients',
  toppingForms: '/ingredientforms',
  products: '/products',
  addProduct: '/productforms',
  editProduct: '/products/:id',
  categoryProducts: '/allproduts/:categoriName',
  banner: '/banner',
  addNotification: '/addnotification',
  /** The shop's settings: the order timers and auto-accept. */
  shopSettings: '/shop-settings',
  /** The opening hours, special days and minimum order the owner sets (decision 1400). */
  openingHours: '/opening-hours',
  /** The delivery area: the shop's post code and its zones (decision 1001). */
  deliveryZones: '/delivery-zones',
  /** The codes and automatic offers (decision 1600). */
  promotions: '/promotions',
  /** The shop's receipt printers (decision 1201). */
  printers: '/printers',
  /** Who changed what and when (decision 1402). */
  auditLog: '/audit-log',
  /** Sold out and back, for every product and topping, without the menu's editing (the kitchen's screen). */
  soldOut: '/sold-out',
  /** The shop's team: invite, change and remove staff (decision 1401). */
  staff: '/staff',
  /** The invitation's link: a new member of staff sets a password. */
  staffInvite: '/staff-invite/:token',
  // The driver's cash-up and the tips' pay-out (decision 1701).
  cashUp: '/cash-up',
  tips: '/tips',
  // The shop's own drivers (decisions 1700, 1703).
  /** Deliveries waiting for a driver, the runs suggested, the drivers and their runs. */
  dispatch: '/dispatch',
  /** The driver's phone: today's runs, stop by stop. */
  driver: '/driver',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Fills a pattern's `:param`s, each encoded as one path segment. */
function fill(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** /orders/{ordersId}: a customer's order. */
export const orderPath = (ordersId: string) => fill(paths.order, { ordersId });
/** /allorders/{ordersId}: an order in the back office. */
export const adminOrderPath = (ordersId: string) => fill(paths.adminOrder, { ordersId });
/** /track/{token}: an order's tracking page. */
export const trackPath = (token: string) => fill(paths.track, { token });
/** The token of a tracking page's path, as an order answer's trackingUrl gives it; null for any other path. */
export function trackTokenOf(path: string): string | null {
  const prefix = paths.track.slice(0, paths.track.indexOf(':token'));
  const token = path.startsWith(prefix) ? path.slice(prefix.length) : '';
  return token !== '' && !token.includes('/') ? decodeURIComponent(token) : null;
}
/** /staff-invite/{token}: the invitation's page. */
export const staffInvitePath = (token: string) => fill(paths.staffInvite, { token });
/** /addaddress/{id}: the form editing one address. */
export const editAddressPath = (id: string) => fill(paths.editAddress, { id });
/** /categories/{id}: the form editing one category. */
export const editCategoryPath = (id: string) => fill(paths.editCategory, { id });
/** /products/{id}: the form editing one product. */
export const editProductPath = (id: string) => fill(paths.editProduct, { id });
/** /allproduts/{categoriName}: the products of one category, by its name. */
export const categoryProductsPath = (categoriName: string) => fill(paths.categoryProducts, { categoriName });
