import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { Server } from 'socket.io';
import {
  ADMINS_ROOM,
  customerRoom,
  FOREIGN_ORIGIN,
  MENU_CHANGED,
  ORDER_CHANGED,
  ORDER_CONFIRMATION,
  ORDER_RECEIVED,
  ORDER_UPDATE,
  ORDER_UPDATED,
  RUNS_CHANGED,
  SOCKET_COMPRESSION_THRESHOLD,
  SOCKET_PATH,
} from '@shop/shared/contract/realtime';
import { PRINT_JOB_LATE, PRINTERS_CHANGED } from '@shop/shared/contract/printers';
import { SHOP_STATUS } from '@shop/shared/contract/shop-status';
import { surviveLostConnections } from '../db/client';
import { findSessionUser, onSessionsEnded, SESSION_COOKIE } from '../modules/auth/public';
import { onMenuChanged } from '../modules/catalogue/public';
import { onShopStatusChanged, readOpeningStatus } from '../modules/kitchen/public';
import { findTrackedOrder, onOrderPlaced, onOrderStatusChanged } from '../modules/orders/public';
import { onDeliveryChanged } from '../modules/dispatch/public';
import { onPrintersChanged, onPrintJobLate } from '../modules/printers/public';
import { onShopSettingsChanged } from '../modules/settings/public';
import { socketAddressCap } from './address-cap';
import { answerClientOrderEvent, ClientEventBudget, type ClientEventAck } from './client-events';
import { refusesOrigin } from './handshake';
import type { RealtimeServer, RealtimeSocket } from './types';
import { can, isStaffRole } from '@shop/shared/domain/roles';

// Rooms the server alone uses, to drop the sockets of a session that ends. They never carry an event.
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const accountRoom = (userId: string) => `account:${userId}`;
// An order's tracking page (decision 1500): joined with the page's token, it hears `order_updated` of that order only.
const trackRoom = (orderId: string) => `track:${orderId}`;

/** How long a stop lets WebSocket clients answer the close before their connections are cut. */
const WEBSOCKET_CLOSE_GRACE_MS = 1000;

/** Resolves once every connection in the set has closed, or after `ms`. */
function allClosed(connections: Set<Duplex>, ms: number): Promise<void> {
  if (connections.size === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    for (const connection of connections) {
      connection.once('close', () => {
        if (connections.size > 0) return;
        clearTimeout(timer);
        resolve();
      });
    }
  });
}

/** How long a start waits for the PostgreSQL adapter to LISTEN before it serves (events sent earlier would be lost). */
const SUBSCRIBER_WAIT_MS = 10_000;
/** Clients send a few small events; anything larger is not the shop's client. */
const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

/**
 * The socket.io server of "Live orders" (docs/api.md, "Realtime socket"), on the app's own HTTP server at
 * /socket.io. Rooms come from the session cookie only: admins join ADMINS_ROOM, customers their own room, a
 * connection without a session none; no client event can change that. Orders' events become `order_received` to
 * admins, and each later change `order_updated` to the order's customer and `order_changed` to admins. With DATABASE_URL the PostgreSQL adapter carries every
 * emit to the sockets of the other processes. app.close() drops every socket and closes the server.
 */
export async function attachRealtime(app: FastifyInstance): Promise<RealtimeServer> {
  const { config } = app;
  let closing = false;

  // A pool of its own: the adapter holds one connection for LISTEN for as long as it runs.
  const adapterPool = config.databaseUrl
    ? new pg.Pool({ connectionString: config.databaseUrl, max: 4, connectionTimeoutMillis: 5000 })
    : null;
  adapterPool?.on('error', (error) => {
    if (!closing) app.log.warn({ err: error }, 'realtime adapter: an idle PostgreSQL connection failed');
  });
  if (adapterPool) surviveLostConnections(adapterPool, { releaseLost: true });

  const addressCap = socketAddressCap(config.trustProxy);
  const io: RealtimeServer = new Server(app.server, {
    path: SOCKET_PATH,
    // A few connections per customer; hundreds from one address are refused (403) before they cost anything.
    allowRequest: addressCap.allowRequest,
    transports: ['polling', 'websocket'],
    serveClient: false,
    perMessageDeflate: { threshold: SOCKET_COMPRESSION_THRESHOLD },
    httpCompression: { threshold: SOCKET_COMPRESSION_THRESHOLD },
    maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
    ...(adapterPool
      ? {
          adapter: createAdapter(adapterPool, {
            errorHandler: (error: Error) => {
              if (!closing) app.log.error({ err: error }, 'realtime adapter failed');
            },
          }),
        }
      : {}),
  });

  addressCap.track(io);

  io.use(async (socket, next) => {
    const { headers } = socket.handshake;
    const token = headers.cookie ? (app.parseCookie(headers.cookie)[SESSION_COOKIE] ?? null) : null;
    if (refusesOrigin(headers, config.acceptedOrigins, token !== null)) {
      next(new Error(FOREIGN_ORIGIN));
      return;
    }
    socket.data.user = null;
    socket.data.token = null;
    socket.data.sessionId = null;
    socket.data.budget = new ClientEventBudget();
    socket.data.trackedOrderId = null;
    const track: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.track;
    if (typeof track === 'string' && track.length <= 64) {
      try {
        socket.data.trackedOrderId = (await findTrackedOrder(app.db, track))?.orderId ?? null;
      } catch (error) {
        app.log.error({ err: error }, 'realtime handshake: the tracked order could not be read');
      }
    }
    if (token) {
      try {
        const found = await findSessionUser(app.db, token, app.now());
        if (found) {
          socket.data.user = found.user;
          socket.data.token = token;
          socket.data.sessionId = found.sessionId;
        }
      } catch (error) {
        app.log.error({ err: error }, 'realtime handshake: the session could not be read');
        next(new Error('The shop could not check your session: try again'));
        return;
      }
    }
    next();
  });

  io.on('connection', (socket: RealtimeSocket) => {
    const { user, sessionId } = socket.data;
    if (user && sessionId) {
      // Only staff who see the board hear of orders (a driver gets no popups); a member of staff is never a customer.
      const ownRoom = can(user.role, 'board') ? [ADMINS_ROOM] : isStaffRole(user.role) ? [] : [customerRoom(user.id)];
      void socket.join([...ownRoom, sessionRoom(sessionId), accountRoom(user.id)]);
    }
    if (socket.data.trackedOrderId) void socket.join(trackRoom(socket.data.trackedOrderId));
    const answer = (args: unknown[]) => {
      const last = args.at(-1);
      const ack = typeof last === 'function' ? (last as ClientEventAck) : undefined;
      void answerClientOrderEvent({ app, socket, payload: ack ? args.slice(0, -1)[0] : args[0], ack });
    };
    socket.on(ORDER_UPDATE, (...args) => answer(args));
    socket.on(ORDER_CONFIRMATION, (...args) => answer(args));
  });

  const stops = [
    onOrderPlaced(
      app.db,
      ({ orderId }) => {
        io.to(ADMINS_ROOM).emit(ORDER_RECEIVED, { order_id: orderId });
        // A card order paid for on its tracking page (a payment link): the page shows it placed.
        io.to(trackRoom(orderId)).emit(ORDER_UPDATED, { order_id: orderId });
      },
      app.log,
    ),
    onOrderStatusChanged(
      app.db,
      ({ orderId, userId, status, change }) => {
        if (userId) io.to(customerRoom(userId)).emit(ORDER_UPDATED, { order_id: orderId });
        io.to(trackRoom(orderId)).emit(ORDER_UPDATED, { order_id: orderId });
        // A card order paid for and not placed never reached the board: the shop hears nothing of it.
        if (change === 'not-placed') return;
        // Every admin hears every change, so the other admins' pages stop ringing once one has answered.
        io.to(ADMINS_ROOM).emit(ORDER_CHANGED, { order_id: orderId, status });
      },
      app.log,
    ),
    // A delivery assigned, moved, taken off, ready or reordered, or its driver's shown position: the order's customer
    // and tracker refetch it; the board too, unless only the position moved.
    onDeliveryChanged(
      app.db,
      ({ orders, positionOnly, drivers = [] }) => {
        for (const { orderId, userId, status } of orders) {
          if (userId) io.to(customerRoom(userId)).emit(ORDER_UPDATED, { order_id: orderId });
          io.to(trackRoom(orderId)).emit(ORDER_UPDATED, { order_id: orderId });
          if (!positionOnly) io.to(ADMINS_ROOM).emit(ORDER_CHANGED, { order_id: orderId, status });
        }
        for (const driverId of new Set(drivers)) io.to(accountRoom(driverId)).emit(RUNS_CHANGED, {});
      },
      app.log,
    ),
    // Receipt printers (issue 24): a ticket waiting over a minute warns every admin page; any change refetches the list.
    onPrintJobLate(
      app.db,
      (event) => {
        io.to(ADMINS_ROOM).emit(PRINT_JOB_LATE, event);
      },
      app.log,
    ),
    onPrintersChanged(
      app.db,
      () => {
        io.to(ADMINS_ROOM).emit(PRINTERS_CHANGED, {});
      },
      app.log,
    ),
    // The menu changed (an item sold out or back on, any catalogue write): every connection, signed in or not, refetches it.
    onMenuChanged(
      app.db,
      () => {
        io.emit(MENU_CHANGED, {});
      },
      app.log,
    ),
    // Busy mode, the pause or the kitchen's settings changed: every connection, signed in or not, gets the opening
    // status (the storefront's quote and pause line, the back office's countdown) as GET /api/opening-status answers it.
    onShopStatusChanged(
      app.db,
      (status) => {
        io.emit(SHOP_STATUS, status);
      },
      app.log,
    ),
    onShopSettingsChanged(
      app.db,
      async () => {
        io.emit(SHOP_STATUS, await readOpeningStatus(app));
      },
      app.log,
    ),
    // A session that ends takes its sockets with it, in every process (the adapter carries the disconnect).
    onSessionsEnded(app.db, (ended) => {
      io.in('sessionId' in ended ? sessionRoom(ended.sessionId) : accountRoom(ended.userId)).disconnectSockets(true);
    }),
  ];

  // Every upgraded (WebSocket) connection, until it closes: the HTTP server's own connection tracking lets go of them.
  const upgraded = new Set<Duplex>();
  app.server.on('upgrade', (_request: IncomingMessage, connection: Duplex) => {
    upgraded.add(connection);
    connection.once('close', () => upgraded.delete(connection));
  });

  // Before the HTTP server closes, which waits for every open connection, WebSockets included. The connections end
  // without a socket.io "disconnect", so clients reconnect by themselves (to another process, or this one restarted).
  // A WebSocket closes by a handshake (a close frame each way), and ws waits 30 s for a client that does not answer
  // (a phone gone out of coverage, a client whose event loop is busy): such connections are cut after
  // WEBSOCKET_CLOSE_GRACE_MS, so a stop never waits on a client.
  app.addHook('preClose', async () => {
    closing = true;
    for (const stop of stops) stop();
    io.engine.close();
    await allClosed(upgraded, WEBSOCKET_CLOSE_GRACE_MS);
    for (const connection of upgraded) connection.destroy();
  });
  app.addHook('onClose', async () => {
    // Closes the adapter (and its LISTEN connection); the HTTP server it also closes is already closed by now.
    await io.close();
    await adapterPool?.end();
  });

  if (adapterPool) await waitForSubscriber(io, app);
  return io;
}

/**
 * Waits (bounded) until the PostgreSQL adapter LISTENs, so that events other processes send from the moment this
 * one serves reach it. The adapter (0.5) gives no signal of its own: its pub/sub client sets `client` once LISTEN
 * has run. If that shape changes, this stops waiting at once and the adapter still works.
 */
async function waitForSubscriber(io: RealtimeServer, app: FastifyInstance): Promise<void> {
  const pubsub = (io.of('/').adapter as unknown as { client?: { channels?: unknown; client?: unknown } }).client;
  if (!pubsub || !(pubsub.channels instanceof Set)) return;
  const until = Date.now() + SUBSCRIBER_WAIT_MS;
  while (pubsub.client === undefined) {
    if (Date.now() > until) {
      app.log.warn('realtime adapter: not listening to PostgreSQL yet; events from other processes may be missed until it does');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
