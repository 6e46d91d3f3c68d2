/**
 * The storefront's service worker (decision 1101), built by vite-plugin-pwa (injectManifest) into dist/sw.js and
 * registered after the page has loaded (src/lib/service-worker.ts). What it does with each request is
 * cache-rules.ts's `cacheRuleFor`; what it precaches is the storefront's first load and the offline page
 * (shell-files.ts, chosen at build time).
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, PrecacheFallbackPlugin, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import {
  cacheRuleFor,
  MENU_CACHE,
  MENU_IMAGES_CACHE,
  MENU_IMAGES_MAX_AGE_SECONDS,
  MENU_IMAGES_MAX_ENTRIES,
  OFFLINE_PAGE,
  type CacheRule,
} from './cache-rules';
import { paths } from '../lib/paths';
import { orderNotification } from './push-notification';

/** A push or notification event's part used here: keep the worker alive until the work is done. */
interface ExtendableEvent {
  waitUntil(work: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}

/** The parts of the worker's global scope used here (the web app's TypeScript program has the DOM's types). */
declare const self: {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: Location;
  skipWaiting(): Promise<void>;
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  addEventListener(type: 'install', listener: () => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
};

// A new version takes over as soon as it is installed: pages are never served from the caches, and the shell it
// precaches is its own build's, so an open page keeps working (its own chunks are the HTTP cache's).
self.addEventListener('install', () => void self.skipWaiting());

// The shell: the storefront's first-load scripts and styles, the offline page and its script, the icons. Earlier
// versions' precaches are deleted when this one activates.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const ruleIs =
  (rule: CacheRule) =>
  ({ url, request }: { url: URL; request: Request }) =>
    cacheRuleFor({ url, origin: self.location.origin, method: request.method, mode: request.mode }) === rule;

registerRoute(ruleIs('page-or-offline'), new NetworkOnly({ plugins: [new PrecacheFallbackPlugin({ fallbackURL: OFFLINE_PAGE })] }));

registerRoute(
  ruleIs('menu-image'),
  new CacheFirst({
    cacheName: MENU_IMAGES_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: MENU_IMAGES_MAX_ENTRIES, maxAgeSeconds: MENU_IMAGES_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ruleIs('menu-answer'),
  new NetworkFirst({ cacheName: MENU_CACHE, plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
);
// Everything else ('network') has no route: the browser sends it as if there were no worker.

// An order update the shop pushed (decision 1702): shown as a notification; a tap opens (or focuses) its tracking page.
self.addEventListener('push', (event) => {
  const { title, options } = orderNotification(event.data?.text() ?? '', self.location.origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const path = typeof data?.url === 'string' ? data.url : paths.home;
  const url = new URL(path, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => client.url === url);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    }),
  );
});
