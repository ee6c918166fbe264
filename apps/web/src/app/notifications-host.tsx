import { Notifications } from '@mantine/notifications';

/** Loaded lazily by AppProviders. */
export default function NotificationsHost() {
  return <Notifications position="top-center" limit={3} />;
}
