/**
 * Registers the storefront's service worker (dist/sw.js, built from src/sw/sw.ts; decision 1101), so a phone
 * installs the shop, keeps its shell and menu pictures for the next visit, and shows the offline page (with the
 * cart) when a page cannot load. app/start.tsx registers it once React has the page and the window has loaded, so the
 * worker's install does not compete with the page's own requests.
 *
 * Only in a production build: `npm run dev` (Vite's server has no sw.js, and a worker would keep serving stale
 * files) and Vitest (import.meta.env.PROD is false in both) register nothing.
 */
import { paths } from './paths';

export const SERVICE_WORKER_URL = '/sw.js';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  // Without a worker the shop works as before; the browser says why in its console.
  // Its scope: the whole shop, from the home page down.
  navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: paths.home }).catch((error: unknown) => {
    console.warn('The service worker could not be registered', error);
  });
}
