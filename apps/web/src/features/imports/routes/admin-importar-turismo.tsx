import { ImportScreen } from '../components/import-screen';

/** /admin/turismo/importar: tourism items from a CSV or XLSX file (issue 39). */
export function Component() {
  return <ImportScreen alvo="turismo" />;
}
