import { lazy, Suspense } from 'react';
import { useCan } from '../lib/use-session';

// Its own chunk with the back office's theme: the storefront's first load never carries the back office's popup or
// MUI's theme, and a customer never loads them.
const NewOrderPopup = lazy(async () => {
  const [{ NewOrderPopup: Popup }, { BackOfficeTheme }] = await Promise.all([
    import('../features/admin-live/components/new-order-popup'),
    import('./back-office-theme'),
  ]);
  return {
    default: () => (
      <BackOfficeTheme>
        <Popup />
      </BackOfficeTheme>
    ),
  };
});

/**
 * The new-order popup and its chime, for an admin on every page of the app (the storefront too, so
 * nothing waits unseen while an admin looks at the menu), mounted once around both layouts by the route table.
 */
export function AdminAlerts() {
  // Every role that sees the board hears new orders; a driver's login does not.
  const hears = useCan('board');
  if (!hears) return null;
  return (
    <Suspense fallback={null}>
      <NewOrderPopup />
    </Suspense>
  );
}
