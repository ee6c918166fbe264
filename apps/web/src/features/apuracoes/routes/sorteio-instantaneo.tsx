import { useParams } from 'react-router';
import { SorteioInstantaneoPage } from '../components/sorteio-instantaneo-page';

/** /sorteios/instantaneo/{id_registro}: an instant draw's public record (issue 36). */
export function Component() {
  const { id_registro } = useParams();
  const id = Number(id_registro);
  return <SorteioInstantaneoPage idRegistro={Number.isSafeInteger(id) ? id : 0} />;
}
