import { SorteiosScreen } from '../components/sorteios-screen';

/** /sorteios: the city's apurações and instant draws, public (issue 36). */
export function Component() {
  return <SorteiosScreen />;
}
