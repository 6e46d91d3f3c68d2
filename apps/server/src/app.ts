import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchemaCompiler,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { ZodError } from 'zod';
import { shopNow, type Config } from './config';
import { BUSY_TRY_AGAIN, DATABASE_UNAVAILABLE, isDatabaseUnavailable, isLockConflict, type DatabaseHandle } from './db/client';
import './fastify-augment';
import { codeOfClientError, errorBody, HttpError, type ErrorBody } from './http-errors';
import { imageRoutes } from './images/routes';
import { accountDataRoutes } from './modules/account-data/routes';
import { receiptRoutes } from './modules/receipts/routes';
import { addressRoutes } from './modules/addresses/routes';
import { bannerRoutes } from './modules/banners/routes';
import { cartRoutes } from './modules/cart/routes';
import { catalogueRoutes } from './modules/catalogue/routes';
import { favouriteRoutes } from './modules/favourites/routes';
import { loyaltyRoutes } from './modules/loyalty/routes';
import { healthRoutes } from './modules/health/routes';
import { deliveryRoutes } from './modules/delivery/routes';
import { kitchenRoutes } from './modules/kitchen/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { reportRoutes } from './modules/reports/routes';
import { auditLogRoutes } from './modules/reports/audit-log-routes';
import { orderRoutes } from './modules/orders/routes';
import { staffOrderRoutes } from './modules/staff-orders/routes';
import { cashUpRoutes } from './modules/cash-up/routes';
import { trackingRoutes } from './modules/tracking/routes';
import { deliveryProgressOf } from './modules/dispatch/public';
import { orderUpdateRoutes } from './modules/order-updates/routes';
import { orderUpdates } from './modules/order-updates/plugin';
import { printerRoutes } from './modules/printers/routes';
import { promotionRoutes } from './modules/promotions/routes';
// The shop's own drivers (decision 1700).
import { dispatchRoutes } from './modules/dispatch/routes';
import { startOrderTimers } from './modules/orders/public';
import { orderMail } from './modules/order-mail/plugin';
import { paymentRoutes } from './modules/payments/routes';
import { orderMoneyOf } from './modules/payments/public';
import { accountRoutes } from './modules/auth/routes';
import { settingsRoutes } from './modules/settings/routes';
import { staffRoutes } from './modules/staff/routes';
import { registerSessions } from './modules/auth/session';
import { runGuardsBeforeBody } from './modules/auth/guards-first';
import { getMenuSnapshot } from './modules/catalogue/public';
import { pickEncoding } from './http/compression';
import { isCurrentEtag } from './http/etag';
import { registerApiReference } from './http/openapi';
import { schemaIssues, type Issue } from './http/route-schemas';
import { refuseUnstorableText } from './http/storable-text';
import { applyRouteBodyLimits, JSON_BODY_LIMIT } from './http/body-limits';
import { registerJsonParser } from './http/json-body';
import { refuseCrossSiteWrites } from './http/same-origin';
import { noStoreUnlessPublic } from './http/private-answers';
import { attachRealtime } from './realtime/server';
import { IndexPages, type IndexPage, type SpaTemplate } from './spa/index-page';
import { registerSeoFiles } from './spa/seo-routes';
import { storefrontPage } from './spa/storefront-page';
import { storefrontRenderer } from './spa/storefront-render';
import { registerWebManifest } from './spa/web-manifest';

/**
 * Every feature's routes, each registered under /api. A new module is one line here. Each route declares its
 * params, query, body and answers with the contract's zod schemas (decision 0004): Fastify validates the request
 * with them and the API reference at /api/docs is generated from them.
 */
const API_MODULES: FastifyPluginAsyncZod[] = [
  healthRoutes,
  imageRoutes,
  catalogueRoutes,
  bannerRoutes,
  accountRoutes,
  staffRoutes,
  cartRoutes,
  favouriteRoutes,
  loyaltyRoutes,
  addressRoutes,
  deliveryRoutes,
  promotionRoutes,
  paymentRoutes,
  kitchenRoutes,
  orderRoutes,
  notificationRoutes,
  reportRoutes,
  auditLogRoutes,
  settingsRoutes,
  accountDataRoutes,
  receiptRoutes,
  printerRoutes,
  trackingRoutes,
  staffOrderRoutes,
  // The driver's cash-up and the tips' pay-out (decision 1701).
  cashUpRoutes,
  orderUpdateRoutes,
  dispatchRoutes,
];

export { PROTOTYPE_KEYS_REFUSED } from './http/json-body';

export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** The built SPA; defaults to apps/web/dist. Tests point it elsewhere. */
  webDistDir?: string;
  /** Runs before any route is added, so that hooks it adds reach every route (tests check every answer with one). */
  beforeRoutes?: (app: FastifyInstance) => void | Promise<void>;
}

export async function buildApp({
  config,
  database,
  webDistDir = DEFAULT_WEB_DIST_DIR,
  beforeRoutes,
}: BuildAppOptions): Promise<FastifyInstance> {
  const verbose = config.logLevel === 'debug' || config.logLevel === 'trace';
  const app = Fastify({
    logger: { level: config.logLevel },
    // Per-request lines only when debugging: a shop's normal log is its own events and errors.
    logController: new LogController({ disableRequestLogging: !verbose }),
    // 64 KB unless a route needs more (http/body-limits.ts): bodies are refused before they are read, not after.
    bodyLimit: JSON_BODY_LIMIT,
    forceCloseConnections: true,
    // Behind nginx, request.ip (what rate limits count by) is the client's address from X-Forwarded-For, believed
    // only when the connection comes from a proxy TRUST_PROXY names (decision 0701). Without it, the socket's address.
    trustProxy: config.trustProxy,
    // A path Fastify cannot route (bad percent-encoding, a parameter over its length) answers in the error shape too,
    // before any hook runs: no-store here, as every error under /api is.
    frameworkErrors: (error, request, reply) => sendError(error, request, reply.header('cache-control', 'no-store')),
  });

  app.decorate('config', config);
  app.decorate<DatabaseHandle>('database', database);
  app.decorate('db', database.db);
  app.decorate('now', () => shopNow(config));
  // The orders module decides when a card order's money moves, the payments module how.
  app.decorate('orderMoney', orderMoneyOf(app));
  // The customer's order page and the tracker show the delivery's progress as the dispatch module reads it.
  app.decorate('deliveryProgress', (db, orderId) => deliveryProgressOf({ db, now: app.now }, orderId));

  // Security headers on every answer Fastify sends. helmet's middleware is built once here: @fastify/helmet built it
  // again for each request (parsing the whole CSP every time), a few per cent of an order's CPU.
  const securityHeaders = helmet(helmetOptions(config));
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
  await app.register(fastifyCookie);
  refuseCrossSiteWrites(app);
  registerSessions(app);
  registerJsonParser(app);
  applyRouteBodyLimits(app);
  runGuardsBeforeBody(app);
  noStoreUnlessPublic(app);
  refuseUnstorableText(app);

  app.setErrorHandler((error: FastifyError | Error, request, reply) => sendError(error, request, reply));
  // Requests are checked, and answers written, with the routes' zod schemas. An answer sent as a string or bytes
  // (the menu's cached JSON, images) is sent as it is: no serializer runs for it.
  app.setValidatorCompiler(validateWithZod);
  app.setSerializerCompiler(serializerCompiler);
  await beforeRoutes?.(app);
  await registerApiReference(app);

  for (const plugin of API_MODULES) await app.register(plugin, { prefix: '/api' });
  // The customer's order mails: subscribed to the orders' events, drained at close.
  await app.register(orderMail);
  // Web Push and text updates of an order's accepted, on-the-way and delivered events (decision 1702).
  await app.register(orderUpdates);
  // socket.io on the same HTTP server, at /socket.io: it answers its own requests before Fastify sees them.
  await attachRealtime(app);
  // Auto-accept, auto-reject, the money sweep and due mail: on ready, every ORDER_TIMERS_INTERVAL_MS, until close.
  startOrderTimers(app);

  await registerSpa(app, webDistDir);
  // The web app manifest with the shop's name (decision 1101).
  registerWebManifest(app, webDistDir);
  return app;
}

function helmetOptions(config: Config) {
  const https = config.publicOrigin.startsWith('https:');
  const socketOrigins = config.acceptedOrigins.map((origin) => origin.replace(/^http/, 'ws'));
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // No inline script: the pages' scripts are the build's files.
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        // MUI's emotion injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: the tracker's map tiles, from whichever tile server the shop's settings name (decision 1702).
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.stripe.com', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...socketOrigins, 'https://api.stripe.com'],
        frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  };
}

/**
 * A route's zod schema checks its part of the request. A request without a body is checked as `{}`, so a missing
 * body is answered field by field ('items: ...; paymentType: ...') rather than 'expected object'.
 */
const validateWithZod: FastifySchemaCompiler<Parameters<typeof validatorCompiler>[0]['schema']> = (route) => {
  const validate = validatorCompiler(route);
  return route.httpPart === 'body' ? (data) => validate(data ?? {}) : validate;
};

function isZodError(error: unknown): error is ZodError {
  return error instanceof ZodError || (error instanceof Error && error.name === 'ZodError' && Array.isArray((error as ZodError).issues));
}

/** "price: Invalid input: expected number, received string; title: Too small ..." */
function describeZodError(error: { issues: readonly Issue[] }): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

function sendError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (isZodError(error)) return sendBody(reply, errorBody('VALIDATION_FAILED', describeZodError(error)));
  if (error instanceof HttpError) return sendBody(reply, errorBody(error.code, error.message, error.details));
  // Refused by the route's declared schema: the same answer as a zod error thrown by hand.
  const issues = schemaIssues(error);
  if (issues) return sendBody(reply, errorBody('VALIDATION_FAILED', describeZodError({ issues })));
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) return sendBody(reply, errorBody('VALIDATION_FAILED', fastifyError.message));
  const status = fastifyError.statusCode;
  // Fastify's own client errors (malformed JSON, body too large, unsupported media type) say what is wrong.
  if (status !== undefined && status >= 400 && status < 500)
    return sendBody(reply, errorBody(codeOfClientError(fastifyError), fastifyError.message));
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'request failed: the database does not answer');
    return sendBody(reply, errorBody('DATABASE_UNAVAILABLE', DATABASE_UNAVAILABLE));
  }
  if (isLockConflict(error)) {
    request.log.warn({ err: error }, 'request failed: it conflicted with parallel ones');
    return sendBody(reply, errorBody('BUSY_TRY_AGAIN', BUSY_TRY_AGAIN));
  }
  request.log.error({ err: error }, 'request failed');
  return sendBody(reply, errorBody('INTERNAL_ERROR', 'Internal Server Error'));
}

/** An error body, answered with its own status. */
function sendBody(reply: FastifyReply, body: ErrorBody): FastifyReply {
  return reply.code(body.statusCode).send(body);
}

const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Takeaway Shop</title></head>
<body><h1>Takeaway Shop</h1><p>The web app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds first) and reload.</p></body></html>`;

/** Files of the web build at dist/'s root that browsers must revalidate each time, like index.html. */
const NO_CACHE_FILES = new Set(['sw.js', 'manifest.webmanifest']);

async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const built = existsSync(indexFile);

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      // The build writes .br and .gz beside each text file: phones get the small files without the server
      // compressing on every request.
      preCompressed: true,
      // Nothing whose path has a part starting with a dot: the build's .vite/manifest.json names the web app's source
      // files, and .ssr/ holds the server renderer. Such a path answers 404.
      dotfiles: 'ignore',
      cacheControl: false,
      // Hashed asset names change with their content, so browsers may keep them for good; index.html must be
      // revalidated so a deploy is picked up at once.
      setHeaders: (reply, sentPath) => {
        const filePath = sentPath.replace(/\.(br|gz)$/, '');
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        // The service worker and the web app manifest (decision 1101) too: a new worker is found on the next visit.
        else if (filePath.endsWith('.html') || NO_CACHE_FILES.has(path.relative(distDir, filePath)))
          reply.header('cache-control', 'no-cache');
        else reply.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  const template = indexTemplate(indexFile);
  const pages = new IndexPages();
  const renderer = storefrontRenderer(distDir);

  // `/` and each category's view (`/?category=Pizza`): rendered on the server from the menu in memory, with the
  // page's meta and JSON-LD, and the images its first cards will show preloaded (spa/storefront-page.ts).
  // A page, not part of the API: kept out of the API reference.
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const html = await template();
    if (html === null) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(MISSING_BUILD_PAGE);
    const requested = new URL(request.url, 'http://shop.invalid').searchParams.get('category') ?? undefined;
    let page;
    try {
      page = await storefrontPage(app, { template: html, pages, renderer: await renderer(), requestedCategory: requested });
    } catch (error) {
      // The browser renders the page itself; the menu requests will report a problem with the menu.
      request.log.error({ err: error }, 'storefront page not rendered on the server');
      try {
        page = pages.forHome(html, await getMenuSnapshot(app.db), requested);
      } catch {
        page = pages.forOther(html);
      }
    }
    return sendIndexPage(request, reply, page);
  });
  registerSeoFiles(app);

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !isApi && !pathname.startsWith('/assets/') && !isDotPath(pathname);
    if (isPageRequest) {
      // A client route of the SPA (e.g. /profile/my-orders): the app's router takes it from index.html.
      const html = await template();
      if (html !== null) return sendIndexPage(request, reply, pages.forOther(html));
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(MISSING_BUILD_PAGE);
    }
    const message = isApi ? `Route ${request.method} ${pathname} not found` : 'Not Found';
    return sendBody(reply, errorBody('NOT_FOUND', message));
  });
}

/**
 * Whether a path has a part that starts with a dot (`/.vite/manifest.json`, `/.env`, `/%2egit/config`): never a
 * page of the app nor a file it serves, so it answers 404 rather than the app's page.
 */
export function isDotPath(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Malformed percent-encoding: judge the path as sent.
  }
  return decoded.split(/[\\/]/).some((part) => part.startsWith('.'));
}

/** index.html, re-read when it changes (a rebuild); null when not built. */
function indexTemplate(indexFile: string): () => Promise<SpaTemplate | null> {
  let cached: { mtimeMs: number; template: SpaTemplate } | undefined;
  return async () => {
    let mtimeMs: number;
    try {
      ({ mtimeMs } = await stat(indexFile));
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, template: { html: await readFile(indexFile, 'utf8') } };
    return cached.template;
  };
}

function sendIndexPage(request: FastifyRequest, reply: FastifyReply, page: IndexPage): FastifyReply {
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', page.etag).type('text/html; charset=utf-8');
  if (isCurrentEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(page.body);
  return reply.header('content-encoding', encoding).send(page.encoded(encoding));
}
