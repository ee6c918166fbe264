import { useSearchParams } from 'react-router';
import { useSession } from '@/lib/session';

/** The query parameter that names the city, so a list can be shared and opened without login. */
const CIDADE_PARAM = 'cidade';

/**
 * The city a public page shows: `?cidade=` when given, else the session's city; a person
 * without a session picks it here (the public city list, as the registration form offers it).
 */
export function usePublicCity(): [number, (codCidade: number) => void] {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const fromUrl = Number(params.get(CIDADE_PARAM)) || 0;
  const codCidade = fromUrl || session?.cod_cidade || 0;
  const choose = (next: number) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (next > 0) copy.set(CIDADE_PARAM, String(next));
        else copy.delete(CIDADE_PARAM);
        return copy;
      },
      { replace: true },
    );
  return [codCidade, choose];
}
