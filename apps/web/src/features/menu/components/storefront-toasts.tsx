import { lazy, Suspense } from 'react';

const ToastHost = lazy(() => import('./toast-host').then((m) => ({ default: m.ToastHost })));

/** The toast area of a storefront screen; its code (Snackbar, Alert) loads after the screen. */
export function StorefrontToasts() {
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
