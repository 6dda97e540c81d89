import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/**
 * Where toasts render. The spec shows one toast at a time. At the bottom: at the top they covered the sticky
 * header (and its account menu) on phones and the title and close button of dialogs.
 */
export default function NotificationsHost() {
  return <Notifications limit={1} position="bottom-center" zIndex={1000} />;
}
