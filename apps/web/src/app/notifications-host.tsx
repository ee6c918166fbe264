import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import classes from './notifications-host.module.css';

/** Under 600 px (a phone): the toasts go to the bottom, above the tab bar. */
const PHONE_QUERY = '(max-width: 37.49em)';

/** Loaded lazily by AppProviders. */
export default function NotificationsHost() {
  const phone = useMediaQuery(PHONE_QUERY);
  return (
    <Notifications
      position={phone ? 'bottom-center' : 'top-center'}
      limit={3}
      zIndex={1000}
      classNames={{ root: classes.root }}
    />
  );
}
