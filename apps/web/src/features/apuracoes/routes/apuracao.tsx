import { useParams } from 'react-router';
import { ApuracaoPage } from '../components/apuracao-page';

/** /sorteios/{id_apuracao}: an apuração's public record (issue 36). */
export function Component() {
  const { id_apuracao } = useParams();
  const id = Number(id_apuracao);
  return <ApuracaoPage key={id} idApuracao={Number.isSafeInteger(id) ? id : 0} />;
}
