import { expect, it } from 'vitest';
import * as messages from './messages';

// The spec's wording, including its spelling, is what users see; a "corrected" message is a bug, except the few the
// shop words otherwise on purpose (each says why beside it).
it.each([
  ['MINIMUM_ORDER', 'Minimum order amount is £10.00'],
  ['DEAL_INCOMPLETE', 'Please Select All Products!'],
  ['ADD_ADDRESS_CARD', 'Add your address'],
  ['ADD_ADDRESS_PLACING', 'Please add your address'],
  ['SIGNIN_TO_FAVOURITE', 'Please signin or register'],
  ['CATEGORY_IMAGE_TOO_LARGE', 'Your image is over 200KB'],
  ['PRODUCT_IMAGE_TOO_LARGE', 'Your image is over 20 MB: choose a picture up to 20 MB'],
  ['INGREDIENT_NAME_REQUIRED', 'Please Insert Ingredient Name'],
  ['INGREDIENT_PRICE_REQUIRED', 'Please Insert Ingredient Price'],
  ['INVALID_OTP', 'Please Insert Valid OTP!'],
  ['CHANGE_PASSWORD_FAILED', 'An Error Occured! Try Again.'],
  ['NOTIFICATION_SENT', 'Notification send Successfully'],
  ['CATEGORY_ADDED', 'Successfully upload your Categori'],
  ['FAVOURITE_ADDED', 'Successfully Added To Favourites'],
  ['FAVOURITE_REMOVED', 'Successfully Removed From Favourites'],
  ['ADDRESS_DELETED', 'Address Deleted Successfully.'],
  ['LOADING', 'loadding...'],
  ['CONFIRM_LOGOUT', 'Do you want to Logout ?'],
] as const)('%s reads exactly "%s"', (name, text) => {
  expect(messages[name]).toBe(text);
});

it('every message is distinct, so a screen cannot show the wrong one by accident', () => {
  const values = Object.values(messages);
  expect(new Set(values).size).toBe(values.length);
});
