import { RecibosAdminScreen } from '../components/recibos-admin-screen';

/** /admin/recibos: the city's fiscal receipts, filtered and exported (issue 53). */
export function Component() {
  return <RecibosAdminScreen />;
}
