import { EstablishmentsScreen } from '../components/establishment-list';

/** /admin/estabelecimento: the admin city's establishments and their editor (spec §2). */
export function Component() {
  return <EstablishmentsScreen />;
}
