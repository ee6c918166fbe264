import { SalesScreen } from '../components/sales-screen';

/** /parceiro/vender: the partner's sales (spec §2 Partner sales list). */
export function Component() {
  return <SalesScreen mode="parceiro" />;
}
