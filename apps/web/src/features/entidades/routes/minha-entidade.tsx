import { MinhaEntidadeScreen } from '../components/minha-entidade-screen';

/** /meu/entidade: what the caller's entity received (issue 40). */
export function Component() {
  return <MinhaEntidadeScreen />;
}
