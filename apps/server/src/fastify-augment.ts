import type { Config } from './config';
import type { DatabaseHandle, Db } from './db/client';
import type { OrderMoney } from './modules/orders/public';

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
  }
}
