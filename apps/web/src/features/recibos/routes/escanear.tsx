import { EscanearNotaScreen } from '../components/escanear-screen';

/** /meu/notas/escanear: the resident scans or types a purchase's fiscal receipt (issue 53). */
export function Component() {
  return <EscanearNotaScreen />;
}
