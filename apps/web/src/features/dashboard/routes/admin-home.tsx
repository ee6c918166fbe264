import { DashboardScreen } from '../components/dashboard-screen';

/** /admin/home: the admin city's dashboard (spec §2 Admin dashboard). */
export function Component() {
  return <DashboardScreen />;
}
