/**
 * The shop's own drivers (decision 1700): dispatch in the back office, the driver's phone, and what the tracker shows
 * of a delivery's progress. Money in pounds on the wire, as every answer has it.
 *
 * - `GET /api/dispatch` (dispatch): the deliveries to send (accepted, not yet on the way), the drivers and their runs,
 *   the runs suggested, and the watchdog's warnings.
 * - `POST /api/orders/:id/assign {driverId}` (dispatch): onto that driver's open run (one not picked up yet), or a new
 *   run; an order on another driver's run moves (reassign): `{run}`. `DELETE /api/orders/:id/assign` takes it off
 *   (`{deletedCount}`). `PUT /api/runs/:id/order {orderIds}` reorders a run's stops: `{run}`.
 * - `POST /api/orders/:id/ready` (orderStatus): the kitchen says the delivery is ready to go: `{readyAt}`.
 * - `GET /api/driver/runs` (ownDeliveries): today's runs of the signed-in driver, in order.
 * - `POST /api/driver/orders/:id/picked-up` (the order goes on the way; its run starts with its first), `POST /api/driver/orders/:id/delivered {cashCollected?}`,
 *   `POST /api/driver/location {lat, lng, accuracy?}` (ownDeliveries): a driver's own work only. Picked up and
 *   delivered answer the stop's run as it is then (`{run}`); location answers `{shown}`.
 */
import { z } from 'zod';
import { base64FileSchema, PRODUCT_IMAGE_MAX_BYTES } from './catalogue';
import { orderStatusSchema } from '../domain/order-status';

const idSchema = z.string().regex(/^[0-9a-f]{24}$/, 'must be an id');

/** One stop as dispatch and the driver see it. */
export const runStopSchema = z.object({
  orderId: z.string(),
  /** The order's id as people see it (domain/order-id.ts displayOrderId). */
  orderNumber: z.string(),
  position: z.number().int().min(1),
  /** The order's status: a stop whose order was canceled after it was assigned shows 'Canceled Order'. */
  status: orderStatusSchema,
  customerName: z.string(),
  /** E.164, or null when the customer gave none. */
  phone: z.string().nullable(),
  /** The delivery address's lines, one per line, and its post code. */
  addressLines: z.array(z.string()),
  postcode: z.string(),
  note: z.string(),
  allergyNote: z.string(),
  /** Pounds the driver must take at the door (a cash order's total); 0 for an order paid by card. */
  cashDue: z.number(),
  paid: z.boolean(),
  /** When the customer expects it (ISO), null when not yet timed. */
  dueAt: z.string().nullable(),
  readyAt: z.string().nullable(),
  pickedUpAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** Pounds the driver said they took; null until delivered or for a card order. */
  cashCollected: z.number().nullable(),
  /** The photo the driver took at the door (an image id), or null. */
  photoImageId: z.string().nullable(),
});
export type RunStop = z.infer<typeof runStopSchema>;

export const deliveryRunSchema = z.object({
  id: z.string(),
  driverId: z.string(),
  driverName: z.string(),
  createdAt: z.string(),
  /** When the driver picked it up (its stops went on the way); null while it waits at the shop. */
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  stops: z.array(runStopSchema),
});
export type DeliveryRun = z.infer<typeof deliveryRunSchema>;

/** A delivery waiting for a driver (accepted, not on a run). */
export const dispatchOrderSchema = runStopSchema.omit({
  position: true,
  pickedUpAt: true,
  deliveredAt: true,
  cashCollected: true,
  photoImageId: true,
});
export type DispatchOrder = z.infer<typeof dispatchOrderSchema>;

export const WATCHDOG_KINDS = ['unassigned', 'late'] as const;
export const watchdogWarningSchema = z.object({
  kind: z.enum(WATCHDOG_KINDS),
  orderId: z.string(),
  orderNumber: z.string(),
  /** Whole minutes: ready and unassigned this long, or on the way this long past its time. */
  minutes: z.number().int(),
  /** One line the board shows: 'Order 1042 ready 12 min, no driver'. */
  message: z.string(),
});
export type WatchdogWarning = z.infer<typeof watchdogWarningSchema>;

export const dispatchDriverSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Their last shown position's time (ISO), null when none today. */
  lastSeenAt: z.string().nullable(),
});

/** `GET /api/dispatch`. */
export const dispatchAnswerSchema = z.object({
  unassigned: z.array(dispatchOrderSchema),
  runs: z.array(deliveryRunSchema),
  drivers: z.array(dispatchDriverSchema),
  /** Groups of unassigned orders that go well together (same area, close due times), best first. */
  suggestions: z.array(z.object({ orderIds: z.array(z.string()).min(1), reason: z.string() })),
  warnings: z.array(watchdogWarningSchema),
});
export type DispatchAnswer = z.infer<typeof dispatchAnswerSchema>;

export const assignBodySchema = z.strictObject({ driverId: idSchema });
export type AssignBody = z.infer<typeof assignBodySchema>;
export const assignAnswerSchema = z.object({ run: deliveryRunSchema });

/** `DELETE /api/orders/:id/assign`: 1 when the order was taken off a run, 0 when it was on none. */
export const unassignAnswerSchema = z.object({ deletedCount: z.number().int() });

/** `PUT /api/runs/:id/order`: the run's orders in their new order, every one of its stops once. */
export const reorderRunBodySchema = z.strictObject({ orderIds: z.array(idSchema).min(1).max(20) });
export type ReorderRunBody = z.infer<typeof reorderRunBodySchema>;

/** `POST /api/orders/:id/ready`: when it was first said to be ready (saying it again keeps that time). */
export const readyAnswerSchema = z.object({ readyAt: z.string() });
export type ReadyAnswer = z.infer<typeof readyAnswerSchema>;

/** `GET /api/driver/runs`: the signed-in driver's runs today, open ones first. */
export const driverRunsAnswerSchema = z.object({ runs: z.array(deliveryRunSchema) });
export type DriverRunsAnswer = z.infer<typeof driverRunsAnswerSchema>;

const CASH_MESSAGE = 'cashCollected must be an amount in pounds from 0 to 1000, to the penny';
export const deliveredBodySchema = z.strictObject({
  cashCollected: z
    .number(CASH_MESSAGE)
    .min(0, CASH_MESSAGE)
    .max(1000, CASH_MESSAGE)
    .refine(
      (pounds) => Number.isInteger(Math.round(pounds * 100)) && Math.abs(pounds * 100 - Math.round(pounds * 100)) < 1e-6,
      CASH_MESSAGE,
    )
    .optional(),
});
export type DeliveredBody = z.infer<typeof deliveredBodySchema>;

/**
 * `POST /api/driver/orders/:id/photo` (multipart `myfiles`, or JSON `{file}` in base64): the driver's photo of the
 * delivery at the door, kept private (the shop sees it through `GET /api/orders/:id/photo`, never by its image id).
 */
export const deliveryPhotoBodySchema = z.object({ file: base64FileSchema.optional() });
export const deliveryPhotoAnswerSchema = z.object({ photoImageId: z.string() });
/** The most a delivery photo may be, as a product's photo: a phone's full-size photo. */
export const DELIVERY_PHOTO_MAX_BYTES = PRODUCT_IMAGE_MAX_BYTES;

export const driverLocationBodySchema = z.strictObject({
  lat: z.number('lat must be a latitude from -90 to 90').min(-90).max(90),
  lng: z.number('lng must be a longitude from -180 to 180').min(-180).max(180),
  accuracy: z.number().min(0).max(100_000).optional(),
});
export type DriverLocationBody = z.infer<typeof driverLocationBodySchema>;
/** Whether the fix is shown to customers (false: too far from the last in too short a time, or no run under way). */
export const driverLocationAnswerSchema = z.object({ shown: z.boolean() });

/**
 * What the tracker (`GET /api/track/:token`, the customer's order page) shows of a delivery from real events: each
 * stage when it happened, the stops before this one, the driver's last shown position and the time from the stops
 * left. Null for a collection, or before the order is accepted.
 */
export const deliveryProgressSchema = z.object({
  acceptedAt: z.string().nullable(),
  /** The kitchen said it is ready; else, for an order for as soon as possible, its accept (being made from then). */
  readyAt: z.string().nullable(),
  /** The run started: the driver picked it up. */
  onTheWayAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** Stops on the same run still to be delivered before this one; null when not on a run. */
  stopsBefore: z.number().int().min(0).nullable(),
  driverName: z.string().nullable(),
  /** The driver's last shown position while on the way; null otherwise. */
  position: z.object({ lat: z.number(), lng: z.number(), at: z.string() }).nullable(),
  /** When it should arrive, from the stops left (ISO); null when not on the way. */
  arrivesAt: z.string().nullable(),
  /** The shop's map tiles, with their attribution; null: no map is shown. */
  map: z.object({ tileUrl: z.string(), attribution: z.string() }).nullable(),
});
export type DeliveryProgress = z.infer<typeof deliveryProgressSchema>;
