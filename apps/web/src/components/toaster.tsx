import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { dismissToast, toastStore } from '../lib/toast';

const ToastSnackbar = lazy(() => import('./toast-snackbar').then((m) => ({ default: m.ToastSnackbar })));

/**
 * Where the app's toast appears; the app layer mounts it once, around every screen. A toast belongs to the screen
 * that raised it: leaving that screen takes it away, as when each screen drew its own. Its code (the snackbar) is
 * fetched when the first toast is raised, not at start-up: most visits show none before they are busy elsewhere.
 */
export function Toaster() {
  const toast = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  const { pathname } = useLocation();
  const here = toast !== null && toast.path === pathname;

  useEffect(() => {
    if (toast && toast.path !== pathname) dismissToast(toast.id);
  }, [toast, pathname]);

  // The snackbar draws nothing without a toast either, so it need not be mounted (nor its code fetched) until one comes.
  if (!here) return null;
  return (
    <Suspense fallback={null}>
      <ToastSnackbar toast={toast} />
    </Suspense>
  );
}
