import { queryOptions, useQuery } from '@tanstack/react-query';
import { CampanhaAdmin } from '@praca/contract';
import { client } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';
import { campanhasAdmQueryKey } from '@/lib/api/query-keys';

/** How many campaigns a selector offers (the API's largest page). */
const CAMPANHAS_OPCOES_LIMITE = 100;

/**
 * GET /v1/adm/campanhas?cod_cidade=&limite=100: the city's campaigns for a selector (the draw
 * and the winner dialogs), newest first as the server orders them.
 */
async function getCampanhasOpcoesAdm(codCidade: number, signal?: AbortSignal): Promise<CampanhaAdmin[]> {
  const res = await client.GET('/v1/adm/campanhas', {
    params: { query: { cod_cidade: codCidade, pagina: 1, limite: CAMPANHAS_OPCOES_LIMITE } },
    signal,
  });
  return parseList(CampanhaAdmin, res.data);
}

const campanhasOpcoesAdmQueryOptions = (codCidade: number) =>
  queryOptions({
    // Under the campaigns' key, so a campaign change marks it stale too.
    queryKey: [...campanhasAdmQueryKey, 'opcoes', codCidade],
    queryFn: ({ signal }) => getCampanhasOpcoesAdm(codCidade, signal),
    enabled: codCidade > 0,
    staleTime: 60_000,
  });

export function useCampanhasOpcoesAdm(codCidade: number) {
  return useQuery(campanhasOpcoesAdmQueryOptions(codCidade));
}
