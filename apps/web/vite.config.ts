import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  // Pinned so `vite build apps/web` from the repository root behaves like `npm run build -w apps/web`.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    // bench/ reads it to measure what the storefront's first load downloads.
    manifest: true,
    // The start-up chunk is one file on purpose (below); it is ~560 KB before minification and compression.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Everything the entry needs at start in one chunk, instead of a dozen small ones shared with lazy
        // routes: on a phone each request costs a round trip. Lazy routes still load only what they add.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
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
