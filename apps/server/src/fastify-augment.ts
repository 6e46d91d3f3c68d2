import type { Config } from './config';
import type { DatabaseHandle, Db } from './db/client';
import type { DeliveryProgressReader, OrderMoney } from './modules/orders/public';

// What buildApp decorates the instance with, so every module reaches the config, the database and the shop clock.
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: DatabaseHandle;
    /** The shop clock (SHOP_TIME when set). Use it instead of `new Date()`. */
    now(): Date;
    /** What an order's status change does to its card money: the payments module's, handed to orders (app.ts). */
    orderMoney: OrderMoney;
    /** A delivery's progress on its run (the tracker's reader), handed to orders for the customer's order page (app.ts). */
    deliveryProgress: DeliveryProgressReader;
  }
}
