import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { muiShopTheme, muiShopThemeRolldown } from './build/mui-shop-theme.ts';
import { muiWithoutCssVars } from './build/mui-without-css-vars.ts';
import { earlyTaps } from './build/early-taps.ts';
import { inlineEntryCss } from './build/inline-entry-css.ts';
import { precompress } from './build/precompress.ts';
import { APP_CHUNK_NAME, preloadAppChunk } from './build/preload-app-chunk.ts';
import { preloadMissingOnly } from './build/preload-missing-only.ts';
import { shopPwa } from './build/pwa.ts';

/** The API server `npm run dev` (scripts/dev.mjs) starts beside Vite: the same PORT, 3000 by default. */
const apiTarget = `http://127.0.0.1:${process.env.PORT || '3000'}`;

/** The home route's module: the page at `/`, which the router imports lazily. Update it if the page moves. */
const HOME_ROUTE_MODULE = /[\\/]src[\\/]app[\\/]routes[\\/]home-page\.tsx$/;

/** React DOM's client entry and the modules only it brings (its production build, the scheduler). */
const REACT_DOM_CLIENT_MODULES =
  /[\\/]node_modules[\\/](react-dom[\\/](client\.js|cjs[\\/]react-dom-client\.production\.js)|scheduler[\\/])/;

/** The app's start-up module, which the entry (src/main.tsx) imports once the page is painted. */
const APP_START_MODULE = /[\\/]src[\\/]app[\\/]start\.tsx$/;

/**
 * The modules of a chunk the build names, for its code-splitting group's `test`: the module matching `root` and what
 * it imports statically, worked out once the module graph is complete, before chunking. With `ownOnly`, less what
 * something outside the set reaches too, until nothing changes: the modules automatic splitting puts together anyway.
 * `missing`: what a build without the root module does, with the message to say.
 */
function chunkModules(
  name: string,
  root: RegExp,
  { ownOnly = false, missing }: { ownOnly?: boolean; missing: { level: 'warn' | 'error'; message: string } },
): { plugin: Plugin; has(id: string): boolean } {
  let modules = new Set<string>();
  const plugin: Plugin = {
    name: `shop:${name}-chunk-modules`,
    apply: 'build',
    buildEnd() {
      const rootId = [...this.getModuleIds()].find((id) => root.test(id));
      if (!rootId) {
        modules = new Set();
        if (missing.level === 'error') this.error(missing.message);
        this.warn(missing.message);
        return;
      }
      modules = new Set([rootId]);
      for (const id of modules) for (const dep of this.getModuleInfo(id)?.importedIds ?? []) modules.add(dep);
      for (let changed = ownOnly; changed;) {
        changed = false;
        for (const id of modules) {
          if (id === rootId) continue;
          const info = this.getModuleInfo(id);
          if (!info || info.isEntry || info.dynamicImporters.length > 0 || info.importers.some((importer) => !modules.has(importer))) {
            modules.delete(id);
            changed = true;
          }
        }
      }
    },
  };
  return { plugin, has: (id) => modules.has(id) };
}

/**
 * The home route's chunk: its module and those only it imports (anything the entry, another route or a shared chunk
 * also uses stays where it was), so the 'home' group below only names that chunk. A group testing the page's path
 * alone would not do: with its dependencies it swallows chunks other routes share, and without them the page ends up
 * in a chunk apart from its own modules, one more request that imports it back.
 */
const homeChunk = chunkModules('home', HOME_ROUTE_MODULE, {
  ownOnly: true,
  missing: {
    level: 'warn',
    message: `No module matches HOME_ROUTE_MODULE (${HOME_ROUTE_MODULE}) in vite.config.ts: no chunk is named 'home', so the server preloads no route chunk on /`,
  },
});

/**
 * The 'app' chunk: the app's start-up module and everything it imports statically. What the entry evaluated before
 * it (a chunk of its own) was the same set (decision 1103).
 */
const appChunk = chunkModules(APP_CHUNK_NAME, APP_START_MODULE, {
  missing: { level: 'error', message: `No module matches APP_START_MODULE (${APP_START_MODULE}) in vite.config.ts` },
});

/** Lazy imports preload only the chunks the page may not have yet (build/preload-missing-only.ts). */
const preloads = preloadMissingOnly();

export default defineConfig({
  // Pinned so `vite build apps/web` from the repository root behaves like `npm run build -w apps/web`.
  root: fileURLToPath(new URL('.', import.meta.url)),
  // shopPwa: the web app manifest and the service worker (decision 1101).
  // muiShopTheme: the shop's theme is MUI's default one, so no ThemeProvider keeps MUI in the start-up code (decision 1103).
  // muiWithoutCssVars: MUI's CSS-variables themes, which the shop's theme never uses, out of the build (decision 1103).
  // inlineEntryCss: the entry's small stylesheet inside index.html, no request of its own (decision 1103).
  // earlyTaps: a tap on the server-rendered page before it is hydrated is held, not lost (decision 1103).
  // preloadAppChunk: the app's chunks listed in index.html's after-paint template; the entry preloads them after the first paint.
  // preloads.plugin: a lazy import preloads only the chunks the page has not had since its start.
  plugins: [
    react(),
    muiShopTheme(),
    earlyTaps(),
    muiWithoutCssVars(),
    inlineEntryCss(),
    precompress(),
    homeChunk.plugin,
    appChunk.plugin,
    preloadAppChunk(),
    preloads.plugin,
    shopPwa(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    // bench/ reads it to measure what the storefront's first load downloads.
    manifest: true,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    // The start-up chunk is one file on purpose (below); it is ~560 KB before minification and compression.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the app needs at start (app/start.tsx and its static imports) in one chunk, named 'app',
            // instead of a dozen small ones shared with lazy routes: on a phone each request costs a round trip. Lazy
            // routes still load only what they add. index.html preloads it (build/preload-app-chunk.ts).
            // Vite's preload helper, which the entry and the app both import, in a small chunk of its own: left to
            // automatic splitting it went into the 'app' chunk, and the entry then imported that chunk statically
            // and evaluated it before the first paint (decision 1103).
            { name: 'preload-helper', test: /^\0vite\/preload-helper/ },
            // React DOM's client and its scheduler too, which app/start.tsx imports dynamically so that their
            // modules' bodies run in a task of their own: in this chunk they cost no request of their own.
            { name: APP_CHUNK_NAME, test: (id: string) => appChunk.has(id) || REACT_DOM_CLIENT_MODULES.test(id) },
            // The home route's chunk, named 'home': the server finds it by this name (the manifest's `name`) in
            // .vite/manifest.json to preload it on `/` (apps/server/src/spa/index-page.ts), so it names no source
            // file. Only the modules automatic splitting would give that chunk, so nothing else moves.
            { name: 'home', test: homeChunk.has, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  // The dev server pre-bundles MUI without Vite's plugins: the shop's theme goes in there too.
  optimizeDeps: { rolldownOptions: { plugins: [muiShopThemeRolldown()] } },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
