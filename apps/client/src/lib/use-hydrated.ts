import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False while the build prerenders a page and while the browser hydrates that HTML, true from the next
 * render on (and at once in an app that was not prerendered). What only the browser knows (local storage,
 * the query string, history state, the operator's meta tags) must wait for it: a first render that differs
 * from the prerendered HTML makes React throw that HTML away and paint the page a second time.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
