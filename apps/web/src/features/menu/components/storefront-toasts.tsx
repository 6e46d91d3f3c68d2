import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastStore } from '../lib/toast';

const ToastHost = lazy(() => import('./toast-host').then((m) => ({ default: m.ToastHost })));

/**
 * The toast area of a storefront screen. Its code (Snackbar, Alert) is fetched when the first toast is raised,
 * not with the screen: most visits show none before they are busy elsewhere.
 */
export function StorefrontToasts() {
  const toast = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  // The host draws nothing without a toast either, so it need not be mounted (nor its code fetched) until one comes.
  if (!toast) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
