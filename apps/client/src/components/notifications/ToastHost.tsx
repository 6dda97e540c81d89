import { lazy, Suspense } from 'react';
import { useToastAsked } from '../../lib/notify';

const NotificationsHost = lazy(() => import('./NotificationsHost'));

/** Where toasts appear: mounted with the first toast asked for (lib/notify), so pages without one never load it. */
export function ToastHost() {
  return useToastAsked() ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}
