/**
 * The catalogue on the wire (SPEC.md section 7): categories, products and toppings ("ingredients"), in the
 * spec's spellings. Requests come as multipart form fields (every value a string) or as JSON (numbers), so the
 * input schemas accept both and turn prices into integer pence. Messages are the spec's where it has one;
 * the others name the field.
 */
import { z } from 'zod';
import { dealSlotSchema, dealSlotsSchema, drinkKindSchema, TOPPING_CATEGORIES } from '../domain/catalogue';
import {
  CATEGORY_IMAGE_TOO_LARGE,
  CATEGORY_NAME_REQUIRED,
  INGREDIENT_NAME_REQUIRED,
  INGREDIENT_PRICE_REQUIRED,
  PRODUCT_IMAGE_TOO_LARGE,
} from '../domain/messages';
import { MAX_PRICE_PENCE, poundsToPence } from '../domain/money';
import { ALLERGENS, isAllergen } from '../domain/allergens';
import { SOLD_OUT_UNTIL_CHOICES } from '../domain/sold-out';
import { VAT_RATES } from '../domain/vat';

/**
 * Counted in bytes of the uploaded file. A category's picture keeps the spec's 200KB (SPEC.md section 5). A product's,
 * a banner's and an announcement's take a phone's photo as it comes off the phone (up to 20 MB, where the spec said
 * 2MB): the server shrinks it to the sizes the menu shows, so nobody has to resize a photo first.
 */
export const CATEGORY_IMAGE_MAX_BYTES = 200_000;
export const PRODUCT_IMAGE_MAX_BYTES = 20_000_000;
/** A new category is sent with order 9 (SPEC.md section 3). */
export const NEW_CATEGORY_ORDER = 9;
/** The multipart field that carries an uploaded image. */
export const IMAGE_FIELD = 'myfiles';

export const MAX_NAME_LENGTH = 80;
export const MAX_DESCRIPTION_LENGTH = 1000;

// Messages the spec does not word.
export const PRODUCT_TITLE_REQUIRED = 'Please Enter Product Title';
export const PRODUCT_CATEGORY_REQUIRED = 'Please Choose a Category';
export const PRODUCT_PRICE_REQUIRED = 'Please enter at least one size price';
export const NOT_AN_IMAGE = 'The file is not an image we can use: upload a PNG, JPEG, WebP or GIF picture';
export const CATEGORY_HAS_PRODUCTS = (count: number) =>
  `This category still has ${count} product${count === 1 ? '' : 's'}: delete or move ${count === 1 ? 'it' : 'them'} first`;
export const priceMessage = (field: string) => `${field} must be a price in pounds: not negative, at most two decimals`;
/** The highest price of anything on the menu: £1000.00 (domain/money.ts says why). */
export { MAX_PRICE_PENCE };
export const priceTooHighMessage = (field: string) => `${field} must be at most £${MAX_PRICE_PENCE / 100}.00`;

export function imageTooLargeMessage(kind: 'category' | 'product'): string {
  return kind === 'category' ? CATEGORY_IMAGE_TOO_LARGE : PRODUCT_IMAGE_TOO_LARGE;
}

// --- answers ----------------------------------------------------------------------------------------------

/** A size price: pounds, or "" when the size is not sold. */
export const sizePriceWireSchema = z.union([z.number(), z.literal('')]);

export const categoryWireSchema = z.strictObject({
  _id: z.string(),
  categoriName: z.string(),
  order: z.number().int(),
  imageUrl: z.string().nullable(),
});
export type CategoryWire = z.infer<typeof categoryWireSchema>;

/** `GET /allcategori/{id}`: the list shape plus the image as base64 WebP (null without an image). */
export const categoryDetailWireSchema = categoryWireSchema.extend({ file: z.string().nullable() });
export type CategoryDetailWire = z.infer<typeof categoryDetailWireSchema>;

/**
 * Sold out (issue 21 point 4, domain/sold-out.ts), as the shop clock reads it when the answer is made: `soldOut`, and
 * `soldOutUntil`, the instant it is back by itself (ISO), or null (on sale, or sold out until turned back on).
 */
const soldOutWireFields = {
  soldOut: z.boolean().describe('Sold out now: the storefront cannot add it, and a quote or an order with it answers 422 ITEM_SOLD_OUT'),
  soldOutUntil: z
    .string()
    .nullable()
    .describe('When it is back by itself (the next opening, ISO); null while on sale, and while sold out until turned back on'),
};

/**
 * A product's or topping's own allergens (issue 22 point 1): codes of domain/allergens.ts, in that list's order; null
 * when not recorded yet (decision 1004).
 */
export const allergensWireSchema = z
  .array(z.enum(ALLERGENS))
  .nullable()
  .describe(
    `The allergens it contains, codes of the 14 regulated: ${ALLERGENS.join(', ')} (none: []); null: not recorded yet (the storefront says to ask the shop)`,
  );

export const productWireSchema = z.strictObject({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  regularDiscount: sizePriceWireSchema,
  mediumDiscount: sizePriceWireSchema,
  largeDiscount: sizePriceWireSchema,
  extraLargeDiscount: sizePriceWireSchema,
  deep_pan: z.number().nullable(),
  thin_crust: z.number().nullable(),
  stuffed_crust: z.number().nullable(),
  normal: z.number().nullable(),
  boneless: z.number().nullable(),
  drinkKind: drinkKindSchema.nullable(),
  dealSlots: z.array(dealSlotSchema).nullable(),
  imageUrl: z.string().nullable(),
  allergens: allergensWireSchema,
  vatRate: z.enum(VAT_RATES).describe('standard (20%) or zero (zero-rated): the VAT a receipt shows included in its price'),
  ...soldOutWireFields,
});
export type ProductWire = z.infer<typeof productWireSchema>;

export const productDetailWireSchema = productWireSchema.extend({ file: z.string().nullable() });
export type ProductDetailWire = z.infer<typeof productDetailWireSchema>;

export const ingredientWireSchema = z.strictObject({
  _id: z.string(),
  ToopingName: z.string(),
  toopingPrice: z.number(),
  category: z.string(),
  imageUrl: z.string().nullable(),
  allergens: allergensWireSchema,
  ...soldOutWireFields,
});
export type IngredientWire = z.infer<typeof ingredientWireSchema>;

/** A write's answer, in the spec's (MongoDB's) words: the new record's id, or how many records changed. */
export const insertedAnswerSchema = z.strictObject({ insertedId: z.string() });
export type InsertedAnswer = z.infer<typeof insertedAnswerSchema>;
export const modifiedAnswerSchema = z.strictObject({ modifiedCount: z.number().int() });
export type ModifiedAnswer = z.infer<typeof modifiedAnswerSchema>;
export const deletedAnswerSchema = z.strictObject({ deletedCount: z.number().int() });
export type DeletedAnswer = z.infer<typeof deletedAnswerSchema>;

// --- requests -----------------------------------------------------------------------------------------------

const wireValue = z.union([z.string(), z.number(), z.null()]).optional();

/** Text from a form: trimmed; "" when missing. */
const text = (max: number, field: string) =>
  z
    .string()
    .nullish()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().max(max, `${field} must be at most ${max} characters`));

const requiredText = (max: number, field: string, message: string) => text(max, field).pipe(z.string().min(1, message));

/** An optional price: "" / null / missing → null; otherwise pounds with at most two decimals → pence. */
const optionalPence = (field: string, message = priceMessage(field)) =>
  wireValue.transform((value, ctx) => {
    // "null" is how a multipart form carries a null (SPEC.md section 5: empty crust and type values are sent as null).
    if (value === undefined || value === null || (typeof value === 'string' && (value.trim() === '' || value.trim() === 'null')))
      return null;
    const pence = poundsToPence(value);
    if (pence === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (pence > MAX_PRICE_PENCE) {
      ctx.addIssue({ code: 'custom', message: priceTooHighMessage(field) });
      return z.NEVER;
    }
    return pence;
  });

/** Base64 image without (or, leniently, with) a `data:` prefix; "" or missing means "keep the image". */
export const base64FileSchema = z
  .string()
  .nullish()
  .transform((value) =>
    (value ?? '')
      .trim()
      .replace(/^data:[^;,]*;base64,/, '')
      .replace(/\s+/g, ''),
  )
  .pipe(z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'file must be base64 without a prefix'))
  .transform((value) => (value === '' ? undefined : value));

const ORDER_MESSAGE = 'order must be a whole number from 0 to 10000';

const orderSchema = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === '') return NEW_CATEGORY_ORDER;
    const order = typeof value === 'number' ? value : Number(value.trim());
    if (!Number.isInteger(order) || order < 0 || order > 10_000) {
      ctx.addIssue({ code: 'custom', message: ORDER_MESSAGE });
      return z.NEVER;
    }
    return order;
  });

/** `POST /allcategori` fields (the image comes separately, in `myfiles`). */
export const categoryCreateSchema = z.object({
  categoriName: requiredText(MAX_NAME_LENGTH, 'categoriName', CATEGORY_NAME_REQUIRED),
  order: orderSchema,
  file: base64FileSchema.optional(),
});
export type CategoryCreateInput = z.infer<typeof categoryCreateSchema>;

/** `PUT /allcategori/{id}`: the name and, optionally, a new image in base64. */
export const categoryUpdateSchema = z.object({
  categoriName: requiredText(MAX_NAME_LENGTH, 'categoriName', CATEGORY_NAME_REQUIRED),
  /** Left out: the order stays as it is. */
  order: z
    .union([z.number(), z.string()])
    .nullish()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === '') return undefined;
      const order = typeof value === 'number' ? value : Number(value.trim());
      if (!Number.isInteger(order) || order < 0 || order > 10_000) {
        ctx.addIssue({ code: 'custom', message: ORDER_MESSAGE });
        return z.NEVER;
      }
      return order;
    }),
  file: base64FileSchema.optional(),
});
export type CategoryUpdateInput = z.infer<typeof categoryUpdateSchema>;

const drinkKindInput = z
  .string()
  .nullish()
  .transform((value) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim()))
  .pipe(drinkKindSchema.nullable().optional());

/**
 * The longest `dealSlots` text a form may send: ten slots at their longest are about 20 KB of JSON. Bounded before
 * the text is parsed, so a form cannot hand JSON.parse a megabyte of nesting (a JSON body is bounded by the app's
 * parser, src/http/json-body.ts).
 */
export const DEAL_SLOTS_TEXT_MAX_LENGTH = 64 * 1024;

const dealSlotsInput = z
  .union([z.string(), z.array(z.unknown())])
  .nullish()
  .transform((value, ctx) => {
    if (typeof value !== 'string') return value;
    if (value.length > DEAL_SLOTS_TEXT_MAX_LENGTH) {
      ctx.addIssue({ code: 'custom', message: `dealSlots must be at most ${DEAL_SLOTS_TEXT_MAX_LENGTH} characters of JSON` });
      return z.NEVER;
    }
    if (value.trim() === '' || value.trim() === 'null') return null;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'dealSlots must be a JSON list of slots' });
      return z.NEVER;
    }
  })
  .pipe(dealSlotsSchema.nullable().optional());

/**
 * `allergens` as a request sends it: a JSON list of codes, or (a form field) that list as JSON text or the codes
 * separated by commas; "" or "[]" is none (contains none of the 14). null (or the text "null") is not recorded
 * (decision 1004). Left out: kept as it is on an edit, not recorded on a new record. Codes are
 * trimmed and lower-cased; whether each is one of the 14 is checked by the server, which refuses an unknown one with
 * 422 UNKNOWN_ALLERGEN naming it (unknownAllergens), so a client's slip is told apart from a malformed request.
 */
export const allergensInput = z
  .union([z.string().max(1000, 'allergens must be at most 1000 characters'), z.array(z.string().max(40)).max(40)])
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (value === null) return null;
    let list: unknown = value;
    if (typeof value === 'string') {
      const textValue = value.trim();
      if (textValue === 'null') return null;
      if (textValue.startsWith('[')) {
        try {
          list = JSON.parse(textValue) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'allergens must be a list of allergen codes' });
          return z.NEVER;
        }
      } else list = textValue === '' ? [] : textValue.split(',');
    }
    if (!Array.isArray(list) || !list.every((code) => typeof code === 'string')) {
      ctx.addIssue({ code: 'custom', message: 'allergens must be a list of allergen codes' });
      return z.NEVER;
    }
    return [...new Set((list as string[]).map((code) => code.trim().toLowerCase()).filter((code) => code !== ''))];
  });

/** The codes of a request's list that are not among the 14 (none: the list can be stored). */
export function unknownAllergens(codes: readonly string[]): string[] {
  return codes.filter((code) => !isAllergen(code));
}

export const UNKNOWN_ALLERGEN_MESSAGE = (codes: readonly string[]) =>
  `${codes.map((code) => `'${code}'`).join(', ')} ${codes.length === 1 ? 'is not an allergen code' : 'are not allergen codes'}: use ${ALLERGENS.join(', ')}`;

const vatRateInput = z
  .string()
  .nullish()
  .transform((value) => (value == null || value.trim() === '' ? undefined : value.trim()))
  .pipe(z.enum(VAT_RATES, { message: `vatRate must be one of ${VAT_RATES.join(', ')}` }).optional());

/**
 * `POST /allproduts` and `PUT /allproduts/{id}` fields. Unused sizes are "" and unused crust/type prices null
 * (SPEC.md section 5). `drinkKind` and `dealSlots` are kept as they are when a request leaves them out, so an edit
 * from a form that does not show them never wipes them.
 */
export const productInputSchema = z
  .object({
    title: requiredText(MAX_NAME_LENGTH, 'title', PRODUCT_TITLE_REQUIRED),
    category: requiredText(MAX_NAME_LENGTH, 'category', PRODUCT_CATEGORY_REQUIRED),
    description: text(MAX_DESCRIPTION_LENGTH, 'description'),
    regularDiscount: optionalPence('regularDiscount'),
    mediumDiscount: optionalPence('mediumDiscount'),
    largeDiscount: optionalPence('largeDiscount'),
    extraLargeDiscount: optionalPence('extraLargeDiscount'),
    deep_pan: optionalPence('deep_pan'),
    thin_crust: optionalPence('thin_crust'),
    stuffed_crust: optionalPence('stuffed_crust'),
    normal: optionalPence('normal'),
    boneless: optionalPence('boneless'),
    drinkKind: drinkKindInput,
    dealSlots: dealSlotsInput,
    allergens: allergensInput,
    vatRate: vatRateInput,
    file: base64FileSchema.optional(),
  })
  .superRefine((input, ctx) => {
    const sizes = [input.regularDiscount, input.mediumDiscount, input.largeDiscount, input.extraLargeDiscount];
    if (sizes.every((price) => price === null))
      ctx.addIssue({ code: 'custom', message: PRODUCT_PRICE_REQUIRED, path: ['regularDiscount'] });
  });
export type ProductInput = z.infer<typeof productInputSchema>;

/** `POST /ingredients`: {ToopingName, category, toopingPrice}. */
export const ingredientCreateSchema = z.object({
  ToopingName: requiredText(MAX_NAME_LENGTH, 'ToopingName', INGREDIENT_NAME_REQUIRED),
  category: z
    .string()
    .nullish()
    .transform((value) => (value ?? '').trim())
    .pipe(z.enum(TOPPING_CATEGORIES, { message: `category must be one of ${TOPPING_CATEGORIES.join(', ')}` })),
  toopingPrice: wireValue.transform((value, ctx) => {
    const pence = value === undefined || value === null ? null : poundsToPence(value);
    if (pence === null) {
      ctx.addIssue({ code: 'custom', message: INGREDIENT_PRICE_REQUIRED });
      return z.NEVER;
    }
    if (pence > MAX_PRICE_PENCE) {
      ctx.addIssue({ code: 'custom', message: priceTooHighMessage('toopingPrice') });
      return z.NEVER;
    }
    return pence;
  }),
  allergens: allergensInput,
});
export type IngredientCreateInput = z.infer<typeof ingredientCreateSchema>;

/** `PUT /ingredients/{id}`: the same fields as a new topping (the back office's edit form sends them all). */
export const ingredientUpdateSchema = ingredientCreateSchema;
export type IngredientUpdateInput = IngredientCreateInput;

/**
 * `PUT /allproduts/{id}/availability` and `PUT /ingredients/{id}/availability` (admins): sold out for today (back by
 * itself at the next opening, the default) or until turned back on; `{soldOut: false}` puts it back on sale.
 */
export const availabilityRequestSchema = z.strictObject({
  soldOut: z.boolean({ message: 'soldOut must be true or false' }),
  until: z
    .enum(SOLD_OUT_UNTIL_CHOICES, { message: `until must be one of ${SOLD_OUT_UNTIL_CHOICES.join(', ')}` })
    .optional()
    .describe('next-opening (the default: back by itself when the shop next opens) or turned-back-on'),
});
export type AvailabilityRequest = z.infer<typeof availabilityRequestSchema>;

/** The answer: the item's id and its state now, as the menu lists it. */
export const availabilityAnswerSchema = z.strictObject({ _id: z.string(), ...soldOutWireFields });
export type AvailabilityAnswer = z.infer<typeof availabilityAnswerSchema>;

/**
 * One message for a failed catalogue request: every problem, in order, each naming its field (the spec's own
 * messages already say which field they are about).
 */
export function describeCatalogueIssues(error: z.ZodError): string {
  const ownWords = new Set<string>([
    CATEGORY_NAME_REQUIRED,
    INGREDIENT_NAME_REQUIRED,
    INGREDIENT_PRICE_REQUIRED,
    PRODUCT_TITLE_REQUIRED,
    PRODUCT_CATEGORY_REQUIRED,
    PRODUCT_PRICE_REQUIRED,
    NOTIFICATION_TITLE_REQUIRED,
    NOTIFICATION_DESCRIPTION_REQUIRED,
  ]);
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    const message =
      ownWords.has(issue.message) || field === '' || issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`;
    if (!seen.has(message)) {
      seen.add(message);
      parts.push(message);
    }
  }
  return parts.join('; ');
}

/** `POST /addbanner`: the image comes in `myfiles` (or base64 in `file`). */
export const bannerCreateSchema = z.object({ file: base64FileSchema.optional() });
export const BANNER_IMAGE_REQUIRED = 'Please choose a banner image';
export const bannerWireSchema = z.strictObject({ _id: z.string(), imageUrl: z.string().nullable() });
export type BannerWire = z.infer<typeof bannerWireSchema>;

export const NOTIFICATION_TITLE_REQUIRED = 'Please Enter Notification Title';
export const NOTIFICATION_DESCRIPTION_REQUIRED = 'Please Enter Notification Description';
/** `POST /allnotification` (multipart: title, description, myfiles): an announcement to every customer. */
export const notificationCreateSchema = z.strictObject({
  title: z.string(NOTIFICATION_TITLE_REQUIRED).trim().min(1, NOTIFICATION_TITLE_REQUIRED).max(120, 'The title is at most 120 characters'),
  description: z
    .string(NOTIFICATION_DESCRIPTION_REQUIRED)
    .trim()
    .min(1, NOTIFICATION_DESCRIPTION_REQUIRED)
    .max(1000, 'The description is at most 1000 characters'),
  file: base64FileSchema.optional(),
});
/** One announcement, as `GET /allnotification` lists them for admins (customers get them in `GET /my-product`). */
export const announcementWireSchema = z.strictObject({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  /** 'DD/MM/YYYY' and 'HH:MM' in Europe/London. */
  date: z.string(),
  time: z.string(),
  createdAt: z.string(),
});
export type AnnouncementWire = z.infer<typeof announcementWireSchema>;
