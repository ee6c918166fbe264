import { CpfComprovacoesAdminScreen } from '../components/cpf-comprovacoes-admin-screen';

/** /admin/comprovacoes-cpf: the residents' proofs of their CPF, approved or refused (issue 52). */
export function Component() {
  return <CpfComprovacoesAdminScreen />;
}
