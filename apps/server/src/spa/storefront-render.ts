import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { StorefrontRenderer } from '@shop/shared/contract/storefront-render';

/**
 * The web build's server renderer (issue 23 point 1, decision 1100): `dist/.ssr/entry-server.js`, which
 * `vite build --config vite.ssr.config.ts` writes beside the browser's build. The server never imports web source
 * (docs/architecture.md); it imports this file at run time, once, and again when a rebuild replaces it (a new file
 * modification time, imported under a new URL). Null when the build has none (an older build, a test's folder):
 * the pages are then the browser-rendered shell, as before.
 */
export const RENDERER_FILE = path.join('.ssr', 'entry-server.js');

export function storefrontRenderer(distDir: string): () => Promise<StorefrontRenderer | null> {
  const file = path.join(distDir, RENDERER_FILE);
  let loaded: { mtimeMs: number; renderer: Promise<StorefrontRenderer | null> } | undefined;
  return async () => {
    let mtimeMs: number;
    try {
      ({ mtimeMs } = await stat(file));
    } catch {
      return null;
    }
    if (loaded?.mtimeMs !== mtimeMs) {
      const url = `${pathToFileURL(file).href}?v=${mtimeMs}`;
      loaded = {
        mtimeMs,
        renderer: (import(url) as Promise<Partial<StorefrontRenderer>>).then((module) =>
          typeof module.renderStorefront === 'function' ? (module as StorefrontRenderer) : null,
        ),
      };
    }
    return loaded.renderer;
  };
}
