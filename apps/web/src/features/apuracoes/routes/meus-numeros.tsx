import { MeusNumerosScreen } from '../components/meus-numeros-screen';

/** /meu/numeros: the resident's lucky numbers (issue 36). */
export function Component() {
  return <MeusNumerosScreen />;
}
