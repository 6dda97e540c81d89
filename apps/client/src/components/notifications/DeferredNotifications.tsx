import { lazy, Suspense, useEffect, useState } from 'react';
import { afterNextPaint } from '../../lib/after-paint';

const NotificationsHost = lazy(() => import('./NotificationsHost'));

/**
 * Mounts the toast host once the first screen has painted. Mantine's notifications and their transitions are
 * ~19 KB of script no first screen shows; loaded with the entry, they delayed the first paint of every page.
 * A toast asked for earlier waits in the notifications store and shows once the host is up.
 */
export function DeferredNotifications() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => afterNextPaint(() => setMounted(true)), []);
  return mounted ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}
