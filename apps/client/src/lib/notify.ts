import { cleanNotifications, showNotification } from '@mantine/notifications';

// The spec allows one toast at a time: a new toast replaces the one on screen instead of queueing behind it.
interface Toast {
  title: string;
  message?: string;
}

export const notify = {
  success({ title, message }: Toast): void {
    cleanNotifications();
    showNotification({ title, message: message ?? '', color: 'teal', withBorder: true });
  },
  /** The spec's destructive toast: titled 'Error' unless a title is given, in red. */
  error({ title = 'Error', message }: Partial<Toast>): void {
    cleanNotifications();
    showNotification({ title, message: message ?? '', color: 'red', withBorder: true, autoClose: 6000 });
  },
};
