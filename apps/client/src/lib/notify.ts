// The spec allows one toast at a time: a new toast replaces the one on screen instead of queueing behind it.
interface Toast {
  title: string;
  message?: string;
}

type ToastOptions = Toast & { color: string; autoClose?: number };

// The same module the toast host loads (components/notifications), fetched once, after the first paint.
const loadNotifications = () => import('@mantine/notifications');

function show({ title, message, color, autoClose }: ToastOptions): void {
  void loadNotifications().then(({ cleanNotifications, showNotification }) => {
    cleanNotifications();
    showNotification({
      title,
      message: message ?? '',
      color,
      withBorder: true,
      ...(autoClose ? { autoClose } : {}),
    });
  });
}

export const notify = {
  success({ title, message }: Toast): void {
    show({ title, message, color: 'teal' });
  },
  /** The spec's destructive toast: titled 'Error' unless a title is given, in red. */
  error({ title = 'Error', message }: Partial<Toast>): void {
    show({ title, message, color: 'red', autoClose: 6000 });
  },
};
