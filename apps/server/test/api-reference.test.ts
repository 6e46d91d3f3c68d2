// Decision 0004: every route declares its schemas, and the API reference is generated from them. This suite holds
// every registered route to it (a route without its schemas fails it, by name), checks the generated OpenAPI 3.1
// document against the specification's own schema and against the routes the server has, and loads the
// reference page with each file it names.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import serverPackage from '../package.json' with { type: 'json' };
import { getMenuAnswers } from '../src/modules/catalogue/public';
import { declaredRoutes, type DeclaredRoute } from './answer-schemas';
import { startTestServer, type TestServer } from './harness';

/**
 * The routes that answer no API call, so declare no schemas: each with the reason. Anything else the server
 * registers is held to the rule. (socket.io answers its own requests before Fastify sees them: no route.)
 */
const EXEMPT: Record<string, string> = {
  'GET /': 'the web app’s index page',
  'GET /*': 'the web app’s built files (@fastify/static)',
  'GET /robots.txt': 'a file for crawlers, not an API call (decision 1100)',
  'GET /sitemap.xml': 'a file for crawlers, not an API call (decision 1100)',
  'GET /manifest.webmanifest': 'the web app manifest a phone installs the shop from (decision 1101)',
  'GET /api/openapi.json': 'the API reference itself',
  'GET /api/docs': 'swagger-ui’s page',
  'GET /api/docs/json': 'swagger-ui’s copy of the document',
  'GET /api/docs/yaml': 'swagger-ui’s copy of the document, as YAML',
  'GET /api/docs/static/*': 'swagger-ui’s files',
  'GET /api/docs/static/index.html': 'swagger-ui’s redirect to its page',
  'GET /api/docs/static/swagger-initializer.js': 'swagger-ui’s start-up script',
};

const WRITES = new Set(['POST', 'PUT', 'PATCH']);
/** Writes that read no body, each with the reason. */
const NO_BODY: Record<string, string> = { 'POST /api/logout': 'ends the session its cookie names; reads nothing else' };

type Schema = NonNullable<RouteOptions['schema']>;

/** What a route fails to declare (nothing: []), in words naming the route. */
function missingSchemas({ method, url, schema = {} }: { method: string; url: string; schema?: Schema | undefined }): string[] {
  const route = `${method} ${url}`;
  const response = Object.keys(schema.response ?? {});
  const missing: string[] = [];
  if (!response.some((status) => /^2(\d\d|xx)$/.test(status))) missing.push(`${route} declares no answer (a 2xx response schema)`);
  if (!response.some((status) => /^4(\d\d|xx)$/.test(status))) missing.push(`${route} declares no 4xx answer (errorBodySchema)`);
  if (!response.some((status) => /^5(\d\d|xx)$/.test(status))) missing.push(`${route} declares no 5xx answer (errorBodySchema)`);
  const names = [...url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  const params = schema.params instanceof z.ZodObject ? Object.keys(schema.params.shape) : [];
  for (const name of names) if (!params.includes(name)) missing.push(`${route} declares no schema for its :${name}`);
  if (WRITES.has(method) && !schema.body && !schema.documentedBody && !NO_BODY[route]) missing.push(`${route} declares no body`);
  if (!schema.tags?.length || !schema.summary) missing.push(`${route} has no tag or summary for the reference`);
  return missing;
}

function schemaProblems(routes: DeclaredRoute[]): string[] {
  return routes.filter((route) => route.method !== 'HEAD' && !EXEMPT[`${route.method} ${route.url}`]).flatMap(missingSchemas);
}

/** `/api/buy-product/:id` as OpenAPI writes it: `/api/buy-product/{id}`. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the API reference', () => {
  let server: TestServer;
  let distDir: string;
  let routes: DeclaredRoute[];

  beforeAll(async () => {
    // A built web app, so that its routes are registered too (and exempt by name).
    distDir = await mkdtemp(path.join(os.tmpdir(), 'shop-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    server = await startTestServer({ webDistDir: distDir });
    routes = declaredRoutes(server.app);
  });
  afterAll(async () => {
    await server?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('has every route declare its answers, params and body; the exempt ones are registered, by name', () => {
    expect(schemaProblems(routes)).toEqual([]);
    const registered = new Set(routes.map((route) => `${route.method} ${route.url}`));
    expect(Object.keys(EXEMPT).filter((route) => !registered.has(route))).toEqual([]);
    // The shop's API is most of what is checked: the rule is not met by exempting it.
    expect(routes.filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs')).length).toBeGreaterThan(40);
  });

  it('names a route that declares no schemas, and each part a route leaves out', () => {
    expect(schemaProblems([{ method: 'GET', url: '/api/widgets', schema: undefined }])).toEqual([
      'GET /api/widgets declares no answer (a 2xx response schema)',
      'GET /api/widgets declares no 4xx answer (errorBodySchema)',
      'GET /api/widgets declares no 5xx answer (errorBodySchema)',
      'GET /api/widgets has no tag or summary for the reference',
    ]);
    const answers = { 200: z.object({}), '4xx': z.object({}), '5xx': z.object({}) };
    expect(
      schemaProblems([
        {
          method: 'PUT',
          url: '/api/widgets/:id/:part',
          schema: { tags: ['t'], summary: 's', response: answers, params: z.object({ id: z.string() }) },
        },
      ]),
    ).toEqual(['PUT /api/widgets/:id/:part declares no schema for its :part', 'PUT /api/widgets/:id/:part declares no body']);
  });

  it('serves OpenAPI 3.1 at /api/openapi.json: valid against the specification’s schema, with every route of the server', async () => {
    const response = await fetch(`${server.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document = (await response.json()) as {
      openapi: string;
      info: { version: string };
      paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, unknown>; requestBody?: { content: object } }>>;
    };
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info.version).toBe(serverPackage.version);
    const validation = await new Validator().validate(document as unknown as Parameters<Validator['validate']>[0]);
    expect(validation.errors ?? [], 'the document against the OpenAPI 3.1 schema').toEqual([]);
    expect(validation.valid).toBe(true);

    const documented = Object.entries(document.paths).flatMap(([url, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${url}`),
    );
    const api = routes
      .filter((route) => route.method !== 'HEAD' && !EXEMPT[`${route.method} ${route.url}`])
      .map((route) => `${route.method} ${openapiPath(route.url)}`);
    expect([...new Set(documented)].sort()).toEqual([...new Set(api)].sort());

    // A form with an image is documented as multipart (and JSON), with the file among its fields.
    const addProduct = document.paths['/api/allproduts']?.post;
    expect(Object.keys(addProduct?.requestBody?.content ?? {})).toEqual(['multipart/form-data', 'application/json']);
    expect(JSON.stringify(addProduct?.requestBody?.content)).toContain('"myfiles"');
    // Back-office routes say which permission they need, and which roles hold it.
    expect(JSON.stringify(document.paths['/api/admin/summary'])).toContain('Staff holding the `reports` permission (owner, manager)');
    expect(JSON.stringify(document.paths['/api/staff'])).toContain('Staff holding the `staff` permission (owner)');
  });

  it('sends the menu’s cached JSON as it is: a string answer skips the serializer its schema would run', async () => {
    // The mechanism: with the zod serializer, an object answer is written through the schema (and refused when it
    // does not match), while a string with a JSON content type goes out untouched.
    const bare = Fastify().withTypeProvider<ZodTypeProvider>();
    bare.setValidatorCompiler(validatorCompiler);
    bare.setSerializerCompiler(serializerCompiler);
    const schema = { response: { 200: z.object({ n: z.number() }) } };
    bare.get('/object', { schema }, async (_request, reply) => reply.send({ n: 'not a number' } as never));
    bare.get('/text', { schema }, async (_request, reply) => reply.type('application/json').send('{"n":"not a number"}' as never));
    expect((await bare.inject('/object')).statusCode).toBe(500);
    expect((await bare.inject('/text')).body).toBe('{"n":"not a number"}');
    await bare.close();
    // The menu route sends the snapshot's string, byte for byte, with its ETag.
    const response = await fetch(`${server.url}/api/allproduts`, { headers: { 'accept-encoding': 'identity' } });
    const cached = (await getMenuAnswers(server.app.db, server.app.now())).products;
    expect(response.headers.get('etag')).toBe(cached.etag);
    expect(await response.text()).toBe(cached.body);
  });

  it('serves the reference page at /api/docs, and every file it names loads from the shop itself', async () => {
    const page = await fetch(`${server.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    // Under the shop's own CSP: scripts only from the shop (and Stripe's), none inline, no eval (docs/security.md).
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' https://js.stripe.com;");
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    const html = await page.text();
    expect(html).not.toMatch(/<script>|<script(?![^>]*\ssrc=)[^>]*>/);
    const files = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] as string);
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) {
      expect(file, 'no file from another site').toMatch(/^\/api\/docs\//);
      const loaded = await fetch(new URL(file, `${server.url}/api/docs`));
      expect(loaded.status, file).toBe(200);
      expect((await loaded.arrayBuffer()).byteLength, file).toBeGreaterThan(0);
    }
    // The page loads the document swagger-ui serves beside it: the same document as /api/openapi.json.
    const initializer = await (await fetch(`${server.url}/api/docs/static/swagger-initializer.js`)).text();
    expect(initializer).toContain("resolveUrl('./json')");
    expect(await (await fetch(`${server.url}/api/docs/json`)).json()).toEqual(await (await fetch(`${server.url}/api/openapi.json`)).json());
  });
});
