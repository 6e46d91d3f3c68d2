import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getMenuSnapshot } from '../modules/catalogue/public';
import { pickEncoding } from '../http/compression';
import { isCurrentEtag } from '../http/etag';
import { IndexPage } from './index-page';
import { robotsTxt, sitemapXml } from './seo';

/**
 * `GET /robots.txt` and `GET /sitemap.xml` (issue 23 point 2, decision 1100): made by spa/seo.ts's builders, kept
 * while what they are made of stays the same (the public origin; the sitemap also the catalogue version), sent with
 * a strong ETag and compressed once. Pages, not part of the API: kept out of the API reference.
 */
export function registerSeoFiles(app: FastifyInstance): void {
  const robots = new IndexPage(robotsTxt(app.config.publicOrigin));
  let sitemap: { version: string; file: IndexPage } | undefined;

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
    sendFile(request, reply, robots, 'text/plain; charset=utf-8'),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const snapshot = await getMenuSnapshot(app.db);
    if (sitemap?.version !== snapshot.version) {
      const names = snapshot.categories.map((category) => category.categoriName);
      sitemap = { version: snapshot.version, file: new IndexPage(sitemapXml(app.config.publicOrigin, names)) };
    }
    return sendFile(request, reply, sitemap.file, 'application/xml; charset=utf-8');
  });
}

function sendFile(request: FastifyRequest, reply: FastifyReply, file: IndexPage, type: string): FastifyReply {
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', file.etag).type(type);
  if (isCurrentEtag(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(file.body);
  return reply.header('content-encoding', encoding).send(file.encoded(encoding));
}
