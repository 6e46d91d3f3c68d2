import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { shopPwa } from './build/pwa.ts';

/** The API server `npm run dev` (scripts/dev.mjs) starts beside Vite: the same PORT, 3000 by default. */
const apiTarget = `http://127.0.0.1:${process.env.PORT || '3000'}`;

export default defineConfig({
  // Pinned so `vite build apps/web` from the repository root behaves like `npm run build -w apps/web`.
  root: fileURLToPath(new URL('.', import.meta.url)),
  // precompress: a .br and a .gz beside each text file, which the server sends as they are.
  // shopPwa: the web app manifest and the service worker (decision 1101).
  plugins: [react(), precompress(), shopPwa()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    // The server reads it to preload the home route's chunks on `/`; bench/ to measure the first load.
    manifest: true,
  },
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
