import { ApuracoesAdminScreen } from '../components/apuracoes-admin-screen';

/** /admin/apuracoes: schedule apurações, enter results, reschedule, the ata (issue 36). */
export function Component() {
  return <ApuracoesAdminScreen />;
}
