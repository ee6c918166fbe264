import { MinhasNotasScreen } from '../components/minhas-notas-screen';

/** /meu/notas: the resident's fiscal receipts and what each became (issue 53). */
export function Component() {
  return <MinhasNotasScreen />;
}
