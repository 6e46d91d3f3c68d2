// The API reference, generated from the routes' own schemas (decision 0004): OpenAPI 3.1 at /api/openapi.json and a
// page that renders it at /api/docs (swagger-ui, its files served from its package: no CDN). The prose (rules,
// refusals, money, realtime) stays in docs/api.md.
import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import serverPackage from '../../package.json' with { type: 'json' };
import { permissionOfGuard, requireAdmin, requireUser } from '../modules/auth/public';
import { ROLE_PERMISSIONS, STAFF_ROLES } from '@shop/shared/domain/roles';
import { PUBLIC_ANSWER } from './private-answers';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** One tag per module, in the order of docs/api.md. */
const TAGS = [
  { name: 'health', description: 'Whether the shop and its database answer' },
  { name: 'accounts', description: 'Register, sign in and out, the session, profile and password reset' },
  { name: 'staff', description: 'The shop’s team: invitations, roles, removal (owners), and the invitation’s link' },
  { name: 'catalogue', description: 'Categories, products and toppings: the menu (public) and its edits (admins)' },
  { name: 'images', description: 'Stored images, resized on request' },
  { name: 'banners', description: 'The storefront’s offers strip' },
  { name: 'cart', description: 'What the server would charge for a cart' },
  { name: 'favourites', description: 'A customer’s favourite products' },
  { name: 'addresses', description: 'Delivery addresses' },
  { name: 'orders', description: 'Placing, reading and moving orders on' },
  { name: 'payments', description: 'Card payments: the provider, Stripe’s webhook, the offline test provider' },
  { name: 'notifications', description: 'A customer’s notifications and the shop’s announcements' },
  { name: 'reports', description: 'The back office’s figures' },
];

const SESSION_SCHEME = 'session';

type RouteDocument = Parameters<SwaggerTransform<FastifySchema>>[0] & { route: RouteOptions };

/** Who may call a route, read from its guards: the reference says it, so it never disagrees with the code. */
function accessNoteOf(route: RouteOptions): string | null {
  const guards = [route.preValidation, route.preHandler].flat().filter(Boolean);
  for (const guard of guards) {
    const permission = permissionOfGuard(guard);
    if (!permission) continue;
    const roles = STAFF_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
    return `Staff holding the \`${permission}\` permission (${roles.join(', ')}): 401 signed out, 403 for anyone else.`;
  }
  if (guards.includes(requireAdmin)) return 'Staff only: 401 signed out, 403 for a customer.';
  if (guards.includes(requireUser)) return 'Signed in (the `sid` session cookie): 401 without it.';
  return null;
}

/** The zod schemas to JSON Schema, a documented body put in as the request body, and the route's access. */
const transform: SwaggerTransform<FastifySchema> = (document) => {
  const { schema, route } = document as RouteDocument;
  let routeSchema = schema;
  if (schema?.documentedBody) {
    const { documentedBody, ...rest } = schema;
    routeSchema = { ...rest, body: documentedBody.schema, consumes: documentedBody.contentTypes };
  }
  const transformed = jsonSchemaTransform({ ...document, schema: routeSchema });
  const access = route ? accessNoteOf(route) : null;
  if (access && transformed.schema && !transformed.schema.hide) {
    const { description } = transformed.schema as FastifySchema;
    Object.assign(transformed.schema, {
      security: [{ [SESSION_SCHEME]: [] }],
      description: [access, description].filter(Boolean).join('\n\n'),
    });
  }
  return transformed;
};

export async function registerApiReference(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Takeaway Shop API',
        version: serverPackage.version,
        description:
          'Every route of the shop, generated from the schemas it validates with. The rules behind the answers (refusals, ' +
          'money in pounds and pence, realtime events) are in docs/api.md. Every failure answers `{statusCode, error, ' +
          'message, code}`; clients match on `code`.',
      },
      tags: TAGS,
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'Set by register and login (HttpOnly)' },
        },
      },
    },
    transform,
  });

  // The page and its files come from @fastify/swagger-ui's own folder. It runs under the shop's CSP (docs/security.md):
  // scripts and styles from 'self', its pictures as data: URLs, the document fetched from 'self'. The reference is
  // the same for everyone, so its routes (the plugin's own, in this scope) keep the caching the plugin gives them.
  await app.register(async (reference) => {
    reference.addHook('onRoute', (route) => {
      route.config = { ...route.config, ...PUBLIC_ANSWER };
    });
    await reference.register(fastifySwaggerUi, {
      routePrefix: DOCS_PATH,
      // No call to the public validator service: the page talks to the shop only.
      validatorUrl: false,
      uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
    });
  });

  // Built once, on the first request (every route is known by then), and sent as text: no serializer runs.
  let json: string | undefined;
  app.get(OPENAPI_PATH, { config: PUBLIC_ANSWER, schema: { hide: true } }, async (_request, reply) => {
    json ??= JSON.stringify(app.swagger());
    return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(json);
  });
}
