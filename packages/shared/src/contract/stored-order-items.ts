/**
 * One line of an order as the server stores it in `orders.items` (jsonb): what was charged, in pence, and the cart
 * line as ordered (decisions 0600 and 0601: a spec order item is stored as the cart line it was read as). Every
 * order read goes through this schema, so a row is checked once, where it leaves the database.
 *
 * Rows stay in the database for years while the code around them changes, so this schema reads what any earlier
 * writer stored, not only what today's writes: it is not the request contract.
 * - Every writer so far (placement since the first orders, the demo's past orders) stored the fields below, through
 *   the one `toStoredItem`. A value that was undefined when written is not in the JSON at all (JSON.stringify drops
 *   it): such a choice or label reads as null, toppings as none, deal items as none, the description as empty.
 * - `line` is what the client sent (cart lines before spec items were accepted), or since decision 0600 the cart line
 *   a spec item was read as (toppings by id, no crust or type where the product has none). It is read without
 *   today's request bounds (quantities, topping counts, id spelling): those decide what may be ordered now, not
 *   what was ordered then. Unknown keys are dropped, never refused.
 */
import { z } from 'zod';
import { crustSchema, sizeSchema, wingTypeSchema } from '../domain/catalogue';
import { VAT_RATES } from '../domain/vat';

/** The cart line as ordered (`CartLine`'s fields, read without the request's bounds). */
export const storedCartLineSchema = z.object({
  productId: z.string(),
  quantity: z.number().int(),
  size: sizeSchema.optional(),
  crust: crustSchema.nullable().optional(),
  type: wingTypeSchema.nullable().optional(),
  toppingIds: z.array(z.string()).optional(),
  deal: z
    .object({
      size: sizeSchema.optional(),
      crust: crustSchema.nullable().optional(),
      items: z.array(z.object({ slot: z.number().int(), productId: z.string() })),
    })
    .optional(),
});

export const storedOrderItemSchema = z.object({
  productId: z.string(),
  title: z.string(),
  description: z.string().default(''),
  category: z.string(),
  quantity: z.number().int(),
  size: sizeSchema.nullable().default(null),
  sizeLabel: z.string().nullable().default(null),
  crust: crustSchema.nullable().default(null),
  crustLabel: z.string().nullable().default(null),
  type: wingTypeSchema.nullable().default(null),
  typeLabel: z.string().nullable().default(null),
  /** The toppings' names, comma-separated (the spec's `toopingNames`). */
  toopingNames: z.string().default(''),
  /** Pence per unit, as charged. */
  toppingsPrice: z.number().int().default(0),
  unitPrice: z.number().int(),
  lineTotal: z.number().int(),
  /** The titles of a deal's chosen items. */
  dealItems: z.array(z.string()).default([]),
  /**
   * The product's VAT rate when it was ordered (decision 1002), for a VAT receipt; absent in lines stored before
   * products had rates, which were all standard-rated.
   */
  vatRate: z.enum(VAT_RATES).optional(),
  /**
   * The line's allergens when it was ordered (issue 22 point 1, domain/allergens.ts lineAllergens), as the receipt
   * lists them; null when some part's were not recorded then (decision 1004); absent in lines stored before
   * allergens were recorded (read as not recorded).
   */
  allergens: z.array(z.string()).nullable().optional(),
  line: storedCartLineSchema,
});
export type StoredOrderItem = z.output<typeof storedOrderItemSchema>;

export const storedOrderItemsSchema = z.array(storedOrderItemSchema);
