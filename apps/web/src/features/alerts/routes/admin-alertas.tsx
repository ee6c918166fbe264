import { AlertsScreen } from '../components/alerts-screen';

/** /admin/alertas: what looks wrong in a day's sales of the admin city (issue 37). */
export function Component() {
  return <AlertsScreen />;
}
