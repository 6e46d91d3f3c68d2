import './styles/storefront.css';
import { AFTER_PAINT_PRELOADS_ELEMENT_ID } from '@shop/shared/contract/after-paint-preloads';

/**
 * The entry: the page's styles, then the app once the page the server rendered (or index.html's shell) has been
 * painted. The app's code (app/start.tsx and everything it imports, the 'app' chunk) and, on a storefront page, its
 * route's chunks are listed in an inert template in the head (build/preload-app-chunk.ts, the server's
 * spa/index-page.ts); after the first frame the entry moves those links into the head, so they all download side by
 * side, and imports the app. Nothing of the app is downloaded, evaluated or hydrated before the first paint: on a
 * slow phone the page and its pictures have the line to themselves until the menu is on screen (decision 1103). A tap
 * before the app is live is held and made once it is (EARLY_TAPS_SCRIPT). A page opened in the background starts at
 * once: no frame comes there.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState !== 'visible') resolve();
    // A zero timer as lib/next-task.ts's, written out: importing it would put the 'app' chunk, where it lives, in
    // the entry's static imports, evaluated before the first paint.
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

const loaded = new Promise<void>((resolve) => {
  if (document.readyState === 'complete') resolve();
  else window.addEventListener('load', () => resolve(), { once: true });
});

/**
 * The service worker once the app is live, the page has loaded and the main thread is idle: installing it fetches and
 * stores the shell's files, work that on a two-core phone competed with the app's start (decision 1103).
 */
function registerServiceWorkerWhenIdle(): void {
  const register = () => void import('./lib/service-worker').then((sw) => sw.registerServiceWorker());
  if (typeof requestIdleCallback === 'function') requestIdleCallback(register, { timeout: 10_000 });
  else setTimeout(register, 0);
}

/** Moves the after-paint template's `<link rel="modulepreload">`s into the head, where they start downloading. */
function preloadAfterPaint(): void {
  const template = document.getElementById(AFTER_PAINT_PRELOADS_ELEMENT_ID);
  if (template instanceof HTMLTemplateElement) document.head.append(template.content);
}

void afterFirstPaint()
  .then(() => {
    preloadAfterPaint();
    return import('./app/start');
  })
  .then(({ startApp }) => startApp())
  .then(() => loaded)
  .then(registerServiceWorkerWhenIdle);
