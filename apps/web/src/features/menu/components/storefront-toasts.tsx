import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { toastStore } from '../lib/toast';

const ToastHost = lazy(() => import('./toast-host').then((m) => ({ default: m.ToastHost })));

/**
 * The toast area of a storefront screen. Its code (Snackbar, Alert) is fetched when the first toast is raised,
 * not with the screen: most visits show none before they are busy elsewhere.
 */
export function StorefrontToasts() {
  const toast = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  // Stays mounted from the first toast on, so the host can animate the toasts that follow.
  const [needed, setNeeded] = useState(toast !== null);
  if (toast && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
