import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { readShopIdentity } from '../modules/settings/public';

/**
 * `GET /manifest.webmanifest` (decision 1101): the web app manifest the web build writes (icons, colours, start URL),
 * with the shop's own name, the trader's name of the settings (decision 1002), as a phone shows it under the icon
 * and while the app starts. The service worker does not precache it (apps/web/build/pwa.ts), so a new name reaches
 * every phone. A page's file, not part of the API: kept out of the API reference.
 */

export const WEB_MANIFEST_FILE = 'manifest.webmanifest';

/** The longest short name a home screen shows under an icon without cutting it (Chrome's advice: 12 characters). */
export const SHORT_NAME_MAX = 12;

/** The name's first words that fit in 12 characters ('Harbourside Slice' gives 'Harbourside'), else its start. */
export function shortNameOf(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  let short = '';
  for (const word of trimmed.split(' ')) {
    const longer = short ? `${short} ${word}` : word;
    if (longer.length > SHORT_NAME_MAX) break;
    short = longer;
  }
  return short || trimmed.slice(0, SHORT_NAME_MAX).trim();
}

/** The build's manifest named after the shop; as built when the shop has no name. */
export function manifestForShop(built: Record<string, unknown>, shopName: string): Record<string, unknown> {
  const name = shopName.trim().replace(/\s+/g, ' ');
  return name ? { ...built, name, short_name: shortNameOf(name) } : built;
}

export function registerWebManifest(app: FastifyInstance, distDir: string): void {
  const file = path.join(distDir, WEB_MANIFEST_FILE);
  // Re-read when the file changes (a rebuild while the server runs), like index.html.
  let built: { mtimeMs: number; manifest: Record<string, unknown> } | undefined;

  app.get(`/${WEB_MANIFEST_FILE}`, { schema: { hide: true } }, async (_request, reply) => {
    let mtimeMs: number;
    try {
      ({ mtimeMs } = await stat(file));
    } catch {
      // Not built (yet): what any other missing file gets.
      return reply.callNotFound();
    }
    if (built?.mtimeMs !== mtimeMs) built = { mtimeMs, manifest: JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown> };
    const { name } = await readShopIdentity(app);
    return reply
      .header('cache-control', 'no-cache')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(manifestForShop(built.manifest, name)));
  });
}
