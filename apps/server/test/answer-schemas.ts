// Every answer a test server sends is checked against the schema its route declares (decision 0004), so the whole
// API suite checks the contract: a 2xx JSON answer that does not match its route's response schema, or that no
// schema declares, is turned into a 500 naming the route and what is wrong, and the test that asked fails.
// The answers Fastify serializes were written with that schema already; those sent as text or bytes (the menu's
// cached JSON, compressed or not) are read back here as the client gets them.
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';

export interface DeclaredRoute {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
}

const routesByApp = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/** Every answer problem met since the server started: a test that expects none can say so. */
export const answerProblems: string[] = [];

/** Adds the check to an app before its routes are added (buildApp's beforeRoutes), and records every route. */
export function checkAnswersAgainstSchemas(app: FastifyInstance): void {
  const routes: DeclaredRoute[] = [];
  routesByApp.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema });
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const problem = answerProblem(request, reply, payload);
    if (!problem) return payload;
    const message = `The answer to ${request.method} ${request.routeOptions.url ?? request.url} (${reply.statusCode}) ${problem}`;
    answerProblems.push(message);
    reply.code(500).removeHeader('content-encoding').removeHeader('etag').type('application/json; charset=utf-8');
    return JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message, code: 'INTERNAL_ERROR' });
  });
}

/** The routes the app registered, with their schemas (for the test that every route declares them). */
export function declaredRoutes(app: FastifyInstance): DeclaredRoute[] {
  const routes = routesByApp.get(app);
  if (!routes) throw new Error('this app was built without checkAnswersAgainstSchemas (startTestServer adds it)');
  return routes;
}

/** The zod schema a route declares for a status: the status itself, else its class ('2xx'). */
export function responseSchemaOf(schema: RouteOptions['schema'], status: number): ZodType | undefined {
  const response = (schema?.response ?? {}) as Record<string, unknown>;
  const declared = response[String(status)] ?? response[`${String(status)[0]}xx`];
  if (declared && typeof declared === 'object' && 'content' in declared) {
    const content = (declared as { content: Record<string, { schema: ZodType }> }).content;
    return content['application/json']?.schema;
  }
  return declared as ZodType | undefined;
}

function answerProblem(request: FastifyRequest, reply: FastifyReply, payload: unknown): string | null {
  const status = reply.statusCode;
  if (status < 200 || status >= 300 || status === 204) return null;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!type.includes('json')) return null;
  // Only the shop's own routes: the API reference's files and document are swagger-ui's.
  if (!request.routeOptions.url?.startsWith('/api/') || request.routeOptions.schema?.hide) return null;
  const schema = responseSchemaOf(request.routeOptions.schema, status);
  if (!schema) return 'has no response schema for its status';
  let body: unknown;
  try {
    body = JSON.parse(decoded(payload, reply.getHeader('content-encoding')));
  } catch (error) {
    return `is not JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
  const checked = schema.safeParse(body);
  if (checked.success) return null;
  const issues = checked.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(the answer)'}: ${issue.message}`);
  return `does not match its schema: ${issues.slice(0, 5).join('; ')}`;
}

function decoded(payload: unknown, encoding: unknown): string {
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
  if (!bytes) throw new Error('a stream: not read here');
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  if (encoding === 'deflate') return inflateSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}
