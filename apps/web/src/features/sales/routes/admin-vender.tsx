import { SalesScreen } from '../components/sales-screen';

/** /admin/vender: the same screen; the admin picks the shop (spec §2, §6). */
export function Component() {
  return <SalesScreen mode="admin" />;
}
