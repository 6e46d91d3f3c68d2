import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The storefront's server renderer (decision 1100), built after the browser's build (vite.config.ts) by
 * `vite build --config vite.ssr.config.ts`: `src/entry-server.tsx` to `dist/.ssr/entry-server.js`, which the server
 * imports at run time (apps/server/src/spa/storefront-render.ts). A folder whose name starts with a dot, so the
 * server never sends it (its static files and pages refuse such paths). Everything the entry imports is inside that
 * one file (`ssr.noExternal`): the production image installs the server's dependencies only, not the web app's.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  ssr: { noExternal: true, target: 'node' },
  // React's production renderer whatever NODE_ENV the server runs with (`npm start` does not set it): the browser's
  // build is production too, and the development renderer is slower and holds more memory.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist/.ssr',
    emptyOutDir: true,
    target: 'node20',
    copyPublicDir: false,
    minify: false,
    // One file, lazy routes inside: a rebuild while the server runs is imported as a whole new module (under a new
    // URL), so it never shares a chunk, and React's state with it, with the build before (seen as 'Invalid hook
    // call' when a rebuilt entry reused the last build's chunks). Its resident memory once it has rendered is the
    // same as split into chunks (about 45 MB in development mode here).
    rolldownOptions: { output: { codeSplitting: false, entryFileNames: 'entry-server.js' } },
  },
});
