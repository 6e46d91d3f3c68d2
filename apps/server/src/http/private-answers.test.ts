import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { requireUser } from '../modules/auth/public';
import { noStoreUnlessPublic, PUBLIC_ANSWER } from './private-answers';

// The rule alone, on a bare Fastify app; test/cache-control.test.ts holds every route of the shop to it.
describe('noStoreUnlessPublic', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  function appWithRule(): FastifyInstance {
    app = Fastify();
    noStoreUnlessPublic(app);
    return app;
  }

  it('answers a new /api route no-store, whatever it sets, until it is declared public', async () => {
    const shop = appWithRule();
    shop.get('/api/new-thing', async (_request, reply) => reply.header('cache-control', 'public, max-age=600').send({ mine: true }));
    shop.get('/api/menu', { config: PUBLIC_ANSWER }, async (_request, reply) => reply.header('cache-control', 'no-cache').send([]));
    shop.get('/api/plain', { config: PUBLIC_ANSWER }, async () => ({ same: 'for everyone' }));
    expect((await shop.inject('/api/new-thing')).headers['cache-control']).toBe('no-store');
    expect((await shop.inject('/api/menu')).headers['cache-control']).toBe('no-cache');
    expect((await shop.inject('/api/plain')).headers['cache-control']).toBeUndefined();
    // Fastify's HEAD for each GET answers as the GET does.
    expect((await shop.inject({ method: 'HEAD', url: '/api/new-thing' })).headers['cache-control']).toBe('no-store');
    expect((await shop.inject({ method: 'HEAD', url: '/api/menu' })).headers['cache-control']).toBe('no-cache');
  });

  it('answers every /api refusal no-store, a public route’s and a path no route has', async () => {
    const shop = appWithRule();
    shop.get('/api/menu/:id', { config: PUBLIC_ANSWER }, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').code(404).send({ message: 'Not found' }),
    );
    const refused = await shop.inject('/api/menu/1');
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await shop.inject('/api/nothing-here')).headers['cache-control']).toBe('no-store');
  });

  it('leaves the pages and files outside /api as their routes answer them', async () => {
    const shop = appWithRule();
    shop.get('/', async (_request, reply) => reply.header('cache-control', 'no-cache').type('text/html').send('<p>menu</p>'));
    shop.get('/apiary', async () => 'not the API');
    expect((await shop.inject('/')).headers['cache-control']).toBe('no-cache');
    expect((await shop.inject('/apiary')).headers['cache-control']).toBeUndefined();
  });

  it('refuses to declare public a route that needs a session', () => {
    const shop = appWithRule();
    expect(() => shop.get('/api/mine', { config: PUBLIC_ANSWER, preValidation: requireUser }, async () => ({}))).toThrow(
      'GET /api/mine is declared a public answer but needs a session',
    );
  });
});
