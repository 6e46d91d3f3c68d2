import type { Config } from './config';
import type { Db } from './db/client';

/** The log calls services make; Fastify's logger (pino) is one. */
export interface ServiceLog {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

/**
 * What a service that sends mail, logs or picks a provider needs of the running shop: its configuration, the
 * database, the shop clock and the log. Services never see the Fastify instance (routes pass the app, which has
 * all four).
 */
export interface ServiceContext {
  config: Config;
  db: Db;
  /** The shop clock (SHOP_TIME when set). Use it instead of `new Date()`. */
  now(): Date;
  log: ServiceLog;
}
