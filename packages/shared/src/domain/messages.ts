/**
 * Every user-facing message of SPEC.md, word for word (spelling included: the spec's wording is the
 * product's wording). Sections 5 (validation) and 8 (errors and outcomes), plus the cart, logout and
 * empty-state texts of sections 2 and 4 so that no screen retypes them.
 */

// Section 5: order and checkout
export const MINIMUM_ORDER = 'Minimum order amount is £10.00';
export const ADD_ADDRESS_CARD = 'Add your address';

/**
 * A card paid for an order that a rule refused by the time the payment came through (the shop closed or paused,
 * the slot filled, something sold out): the payment screen and the e-mail say why, and that nothing was taken.
 */
export function orderNotPlacedMessage(reason: string): string {
  const because = reason.trim().replace(/[.\s]+$/, '');
  return `Your order could not be placed: ${because}. Your card has not been charged: the hold on it is released.`;
}
export const ADD_ADDRESS_PLACING = 'Please add your address';
export const SIGNIN_TO_FAVOURITE = 'Please signin or register';

// Section 5: deals
export const DEAL_INCOMPLETE = 'Please Select All Products!';

// Section 5: categories, products, toppings
export const CATEGORY_IMAGE_TOO_LARGE = 'Your image is over 200KB';
export const CATEGORY_NAME_REQUIRED = 'Please Enter Category Name';
// A phone's photo is taken up to 20 MB (contract/catalogue.ts says why), so this one is not the spec's wording.
export const PRODUCT_IMAGE_TOO_LARGE = 'Your image is over 20 MB: choose a picture up to 20 MB';
export const INGREDIENT_NAME_REQUIRED = 'Please Insert Ingredient Name';
export const INGREDIENT_PRICE_REQUIRED = 'Please Insert Ingredient Price';

// Section 5: forgot password
export const VALID_EMAIL_REQUIRED = 'Please Enter Valid Email!';
export const CONFIRM_PASSWORD_MISMATCH = 'Please Confirm Correct Password!';
export const INVALID_OTP = 'Please Insert Valid OTP!';

// Section 8: failures
export const CHANGE_PASSWORD_FAILED = 'An Error Occured! Try Again.';

// Section 8: delete confirmations and outcomes
export const CONFIRM_DELETE_INGREDIENT = 'Do you want to delete this ingredient?';
export const INGREDIENT_DELETED = 'Ingredient Deleted Successfully';
export const INGREDIENT_DELETE_FAILED = 'Ingredient Deletion Failed!';
export const CONFIRM_DELETE_CATEGORY = 'Do you want to delete this category?';
export const CATEGORY_DELETED = 'Category Deleted Successfully';
export const CATEGORY_DELETE_FAILED = 'Category Deletion Failed!';
export const PRODUCT_DELETED = 'Product Deleted Successfully!';
export const ADDRESS_DELETED = 'Address Deleted Successfully.';

// Section 8: success messages
export const BANNER_ADDED = 'Banner Added Successfully';
export const NOTIFICATION_SENT = 'Notification send Successfully';
export const CATEGORY_ADDED = 'Successfully upload your Categori';
export const CATEGORY_UPDATED = 'Category Update Successful!';
export const PRODUCT_UPDATED = 'Successfully updated your product';
export const PRODUCT_ADDED = 'Successfully upload your product';
export const INGREDIENT_ADDED = 'Ingredient added Successfully.';
export const ORDER_PLACED = 'Your order has been placed';
export const PAYMENT_SUCCESSFUL = 'Payment Successful';
export const ADDRESS_ADDED = 'Address Added Successful!';
export const ADDRESS_UPDATED = 'Address Updated Successful!';
// The spec's 'Favourates' is a misspelling the storefront does not repeat: the toasts say Favourites.
export const FAVOURITE_ADDED = 'Successfully Added To Favourites';
export const FAVOURITE_REMOVED = 'Successfully Removed From Favourites';
export const OTP_SENT = 'An Email With OTP Sent To Your Email.';
export const PASSWORD_UPDATED = 'Password Updated.';

// Section 8: realtime connection errors (socket.io's own wording)
export const SOCKET_TIMEOUT = 'timeout';
export const SOCKET_NO_TRANSPORTS = 'No transports available';
export const SOCKET_PROBE_ERROR = 'probe error';
export const SOCKET_PING_TIMEOUT = 'ping timeout';
export const SOCKET_PARSE_ERROR = 'parse error';
export const SOCKET_TRANSPORT_ERROR = 'transport error';

// Sections 2 and 4: cart, session and empty states
export const ADDED_TO_CART = 'Added To Cart!';
export const REMOVED_FROM_CART = 'Removed From Cart!';
export const CONFIRM_LOGOUT = 'Do you want to Logout ?';
export const NO_PRODUCT_ADDED = 'No Product added yet';
export const NO_TOPPINGS_ADDED = 'No toppings added';
export const NO_PRODUCT_BOUGHT = 'No Product Bought';
export const LOADING = 'loadding...';
export const NEW_ORDER_POPUP_TITLE = 'New order has been placed';

// Section 1: store information shown to customers
export const ORDER_CUTOFF_NOTICE = 'Orders are not accepted in the last 15 minutes before closing.';
export const NO_REFUND_OUTSIDE_HOURS = 'Outside opening hours, card charges are not refunded.';
