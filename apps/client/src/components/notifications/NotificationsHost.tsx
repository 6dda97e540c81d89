import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Where toasts render. The spec shows one toast at a time. */
export default function NotificationsHost() {
  return <Notifications limit={1} position="top-center" zIndex={1000} />;
}
