// Whether the animated background is paused (WCAG 2.2.2: moving content that lasts more than five seconds
// needs a way to pause it). The choice is kept on this device; under `prefers-reduced-motion` the background
// never moves, whatever is stored.
import { useSyncExternalStore } from 'react';

const STORAGE_KEY = 'exrated-background-paused';
const listeners = new Set<() => void>();

function readPaused(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

let paused = readPaused();

export function setBackgroundPaused(next: boolean): void {
  paused = next;
  try {
    if (next) window.localStorage.setItem(STORAGE_KEY, 'true');
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this page.
  }
  for (const listener of listeners) listener();
}

export function useBackgroundPaused(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => paused,
  );
}
