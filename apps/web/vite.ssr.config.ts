import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The storefront's server renderer (issue 23, decision 1100), built after the browser's build (vite.config.ts) by
 * `vite build --config vite.ssr.config.ts`: `src/entry-server.tsx` to `dist/.ssr/entry-server.js`, which the server
 * imports at run time (apps/server/src/spa/storefront-render.ts). A folder whose name starts with a dot, so the
 * server never sends it (its static files and pages refuse such paths). Everything the entry imports is inside that
 * one file (`ssr.noExternal`): the production image installs the server's dependencies only, not the web app's.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist/.ssr',
    emptyOutDir: true,
    target: 'node20',
    copyPublicDir: false,
    minify: false,
    // Lazy routes stay chunks of their own, loaded only when a page the server renders needs them.
    rolldownOptions: { output: { entryFileNames: 'entry-server.js', chunkFileNames: 'chunks/[name]-[hash].js' } },
  },
});
