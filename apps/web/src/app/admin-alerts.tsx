import { lazy, Suspense } from 'react';
import { useSession } from '../lib/use-session';

// Its own chunk: the storefront's first load never carries the back office's popup, and a customer never loads it.
const NewOrderPopup = lazy(() => import('../features/admin-live/components/new-order-popup').then((m) => ({ default: m.NewOrderPopup })));

/**
 * The new-order popup and its chime, for an admin on every page of the app (the storefront too, so
 * nothing waits unseen while an admin looks at the menu), mounted once around both layouts by the route table.
 */
export function AdminAlerts() {
  const { isAdmin } = useSession();
  if (!isAdmin) return null;
  return (
    <Suspense fallback={null}>
      <NewOrderPopup />
    </Suspense>
  );
}
