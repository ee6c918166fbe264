import { EntidadesScreen } from '../components/entidades-screen';

/** /entidades: the city's social entities, public (issue 40). */
export function Component() {
  return <EntidadesScreen />;
}
