import { NotificationScreen } from '../components/notification-screen';

/** /admin/notificacao: the push notification form (spec §2). */
export function Component() {
  return <NotificationScreen />;
}
