import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isSessionGuard } from '../modules/auth/public';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's answer is the same whoever asks (it reads no session and no secret), so it keeps the caching the
     * route gives it. Without it, an answer under /api is `Cache-Control: no-store`.
     */
    publicAnswer?: boolean;
  }
}

/** `config` of a route whose answer is the same for everyone: `app.get('/banners', { config: PUBLIC_ANSWER, ... })`. */
export const PUBLIC_ANSWER = { publicAnswer: true } as const;

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** Whether the answer may only be kept by no one: under /api, from a route not declared public, or a refusal. */
function isPrivateAnswer(request: FastifyRequest, statusCode: number): boolean {
  // The route's own path when one matched; the path asked for when none did (a 404), read as the 404 handler reads it.
  const pathname = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
  // Outside /api are the web app's pages and files, the same for everyone (the storefront page is the menu's).
  if (!isApiPath(pathname)) return false;
  return statusCode >= 400 || request.routeOptions.config.publicAnswer !== true;
}

/**
 * Private answers stay private: an answer under /api is `Cache-Control: no-store` unless its route is declared
 * public (PUBLIC_ANSWER) and the answer is not an error, so a new route is private until someone says otherwise.
 * No browser cache, proxy or shared computer then keeps a customer's orders, a mailed code or a printer's URL, even
 * when the route forgot to say so. Public routes keep what they set (the menu's no-cache and ETag, images' year).
 * Call before any route is registered.
 */
export function noStoreUnlessPublic(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.publicAnswer !== true) return;
    // A route that needs a session answers each account its own: it cannot be public.
    if ([route.preValidation, route.preHandler, route.onRequest].flat().some((hook) => isSessionGuard(hook)))
      throw new Error(`${String(route.method)} ${route.url} is declared a public answer but needs a session`);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isPrivateAnswer(request, reply.statusCode)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
