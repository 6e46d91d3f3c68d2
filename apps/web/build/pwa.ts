import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LogLevel, PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstLoadFiles, isPrecached, SHELL_STATIC_FILES, type ViteManifestChunk } from '../src/sw/shell-files.ts';

/** The shop's purple (index.html's theme-color and top bar). */
const THEME_COLOUR = '#5b4bdb';

/**
 * The installable storefront (decision 1101): vite-plugin-pwa writes dist/manifest.webmanifest (and links it from
 * index.html) and builds src/sw/sw.ts into dist/sw.js with Workbox's injectManifest, the list of files to precache
 * written into it. Registration is the app's own (src/lib/service-worker.ts, after the page has loaded), so the
 * plugin injects no script. `npm run dev` builds no worker.
 */
export function shopPwa(): PluginOption {
  // The build's output folder, as resolved (`vite build --outDir` may move it).
  let outDir = '';
  let logLevel: LogLevel = 'info';
  const outDirOf: PluginOption = {
    name: 'shop:pwa-out-dir',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logLevel = config.logLevel ?? 'info';
    },
  };
  const pwa = VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    // The worker's own build says as much as the app's (`npm run build:quiet` passes --logLevel warn).
    integration: {
      configureCustomSWViteBuild(inlineConfig) {
        inlineConfig.logLevel = logLevel;
      },
      // The plugin precaches the manifest it writes; the server sends it with the shop's own name instead
      // (apps/server/src/spa/web-manifest.ts), which a precached copy would hide from every installed phone.
      beforeBuildServiceWorker(options) {
        options.injectManifest.additionalManifestEntries = (options.injectManifest.additionalManifestEntries ?? []).filter(
          (entry) => (typeof entry === 'string' ? entry : entry.url) !== options.manifestFilename,
        );
      },
    },
    manifest: {
      id: '/',
      name: 'Takeaway Shop',
      short_name: 'Takeaway',
      description: 'Order pizza, wings, shakes, sides, desserts, drinks and deals for delivery from our takeaway.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: THEME_COLOUR,
      background_color: '#f7f7fb',
      lang: 'en-GB',
      categories: ['food', 'shopping'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // A classic script: every browser that has service workers runs it.
      rollupFormat: 'iife',
      globPatterns: ['assets/*.{js,css}', ...SHELL_STATIC_FILES],
      // Only the storefront's first load of assets/ (src/sw/shell-files.ts), read from the build's manifest.
      manifestTransforms: [
        async (entries) => {
          const viteManifest = JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
            string,
            ViteManifestChunk
          >;
          const firstLoad = firstLoadFiles(viteManifest);
          return { manifest: entries.filter((entry) => isPrecached(entry.url, firstLoad)), warnings: [] };
        },
      ],
    },
  });
  return [outDirOf, pwa];
}
