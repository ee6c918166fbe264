import { EntidadesAdminScreen } from '../components/entidades-admin-screen';

/** /admin/entidades: the city's social entities (issue 40). */
export function Component() {
  return <EntidadesAdminScreen />;
}
