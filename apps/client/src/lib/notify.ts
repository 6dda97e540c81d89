import { useSyncExternalStore } from 'react';

// One toast at a time (docs/product.md#messages): a new toast replaces the one on screen instead of queueing
// behind it.
interface Toast {
  title: string;
  message?: string;
}

type ToastOptions = Toast & { color: string; autoClose?: number };

// Mantine's notifications (~20 KB of script with their transitions) load with the first toast: most visits
// never show one, and loaded with a page they compete with what it is about to paint.
const loadNotifications = () => import('@mantine/notifications');

let toastAsked = false;
const toastAskedListeners = new Set<() => void>();

/** Whether a toast has been asked for yet: the toast host mounts from then on. */
export function useToastAsked(): boolean {
  return useSyncExternalStore(
    (listener) => {
      toastAskedListeners.add(listener);
      return () => toastAskedListeners.delete(listener);
    },
    () => toastAsked,
  );
}

function show({ title, message, color, autoClose }: ToastOptions): void {
  if (!toastAsked) {
    toastAsked = true;
    for (const listener of toastAskedListeners) listener();
  }
  // A toast shown before the host has mounted waits in Mantine's store and appears once it has.
  void loadNotifications().then(({ cleanNotifications, showNotification }) => {
    cleanNotifications();
    showNotification({
      title,
      message: message ?? '',
      color,
      withBorder: true,
      closeButtonProps: { 'aria-label': 'Close notification' },
      ...(autoClose ? { autoClose } : {}),
    });
  });
}

export const notify = {
  success({ title, message }: Toast): void {
    show({ title, message, color: 'teal' });
  },
  /** The destructive toast (docs/product.md#messages): titled 'Error' unless a title is given, in red. */
  error({ title = 'Error', message }: Partial<Toast>): void {
    show({ title, message, color: 'red', autoClose: 6000 });
  },
};
