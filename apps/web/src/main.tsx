import './styles/storefront.css';

/**
 * The entry: the page's styles, then the app once the page the server rendered (or index.html's shell) has been
 * painted. The app's code (app/start.tsx and everything it imports, the 'app' chunk) is downloaded beside the page
 * from the start (index.html preloads it, build/preload-app-chunk.ts), but evaluated only after the first frame:
 * evaluating and hydrating it is the page's longest work, and on a slow phone it would otherwise often run before the
 * browser's first paint and hold the menu off the screen (decision 1103). A tap before the app is live is held and
 * made once it is (EARLY_TAPS_SCRIPT). A page opened in the background starts at once: no frame comes there.
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

void afterFirstPaint()
  .then(() => import('./app/start'))
  .then(({ startApp }) => startApp())
  .then(() => loaded)
  .then(registerServiceWorkerWhenIdle);
