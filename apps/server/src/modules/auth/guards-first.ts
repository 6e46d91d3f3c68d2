import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { isSessionGuard } from './guards';

/**
 * Routes declare their guard (requireUser, requireAdmin, requirePermission) as a preValidation or preHandler hook, which Fastify runs
 * after it has read and parsed the body: a signed-out client could make the server read and parse megabytes before
 * its 401 (issue 19 point 1). This runs the same guard again at onRequest, before the body is read, right after the
 * session cookie has been looked up (the app's own onRequest hooks run before a route's). The route's own hook stays
 * where it is (the API reference reads who may call a route from it) and finds the request already checked.
 * Call before any route is registered.
 */
export function runGuardsBeforeBody(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const declared = [route.preValidation, route.preHandler].flat().filter((hook) => isSessionGuard(hook));
    if (declared.length === 0) return;
    const onRequest = [route.onRequest ?? []].flat();
    route.onRequest = [...onRequest, ...(declared as onRequestAsyncHookHandler[])];
  });
}
