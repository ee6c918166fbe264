import { ImportScreen } from '../components/import-screen';

/** /admin/estabelecimento/importar: shops from a CSV or XLSX file (issue 39). */
export function Component() {
  return <ImportScreen alvo="estabelecimentos" />;
}
