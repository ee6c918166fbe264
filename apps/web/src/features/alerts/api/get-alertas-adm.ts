import { queryOptions, useQuery } from '@tanstack/react-query';
import { Alerta } from '@praca/contract';
import { client } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

/** GET /v1/adm/alertas: what looks wrong in the city's sales of one day (issue 37). */
async function getAlertasAdm(codCidade: number, data: string, signal?: AbortSignal): Promise<Alerta[]> {
  const res = await client.GET('/v1/adm/alertas', {
    params: { query: { cod_cidade: codCidade, data } },
    signal,
  });
  return parseList(Alerta, res.data);
}

const alertasAdmQueryOptions = (codCidade: number, data: string) =>
  queryOptions({
    queryKey: ['adm', 'alertas', codCidade, data],
    queryFn: ({ signal }) => getAlertasAdm(codCidade, data, signal),
    // No city chosen, or the day field holds no real day yet: nothing is asked.
    enabled: codCidade > 0 && data !== '',
    // Today's sales keep coming: asked again whenever the screen opens.
    staleTime: 0,
  });

/** The alerts of the city on `data` (`YYYY-MM-DD`, or '' while the field holds no day). */
export function useAlertasAdm(codCidade: number, data: string) {
  return useQuery(alertasAdmQueryOptions(codCidade, data));
}
