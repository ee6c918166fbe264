import { ContestacoesAdminScreen } from '../components/contestacoes-admin-screen';

/** /admin/contestacoes: the residents' complaints of the city, accepted or refused (issue 37). */
export function Component() {
  return <ContestacoesAdminScreen />;
}
