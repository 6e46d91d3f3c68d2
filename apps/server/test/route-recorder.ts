// Every route a Fastify app registers, as "METHOD /url", collected by an onRoute hook added the moment the app is
// created (before buildApp registers any route). A test file turns it on with
//
//   vi.mock('fastify', async (importOriginal) => (await import('./route-recorder')).recordingFastify(await importOriginal()));
//
// and then reads registeredRoutes(server.app). Nothing in src knows about it.
import type { FastifyInstance } from 'fastify';

type FastifyFactory = (options?: unknown) => FastifyInstance;

const routesByApp = new WeakMap<FastifyInstance, Set<string>>();

/** The fastify module with its factory wrapped: each app made by it records its routes. */
export function recordingFastify(actual: unknown): Record<string, unknown> {
  const fastifyModule = actual as Record<string, unknown> & { default: FastifyFactory };
  const create = fastifyModule.default;
  const recording = (options?: unknown): FastifyInstance => {
    const app = create(options);
    const routes = new Set<string>();
    routesByApp.set(app, routes);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) routes.add(`${method} ${route.url}`);
    });
    return app;
  };
  Object.assign(recording, create);
  return { ...fastifyModule, default: recording, fastify: recording };
}

/** "GET /api/health", "HEAD /api/health", ... in a stable order; throws if the app was not made by recordingFastify. */
export function registeredRoutes(app: FastifyInstance): string[] {
  const routes = routesByApp.get(app);
  if (!routes) throw new Error('this app was built without the route recorder: vi.mock("fastify", ...) as route-recorder.ts says');
  return [...routes].sort();
}
