import { queryOptions, useQuery } from '@tanstack/react-query';
import { CampanhaLojaMarcada } from '@praca/contract';
import { z } from 'zod';
import { client } from '@/lib/api-client';
import { campanhasAdmQueryKey } from '@/lib/api/query-keys';

const Lojas = z.array(CampanhaLojaMarcada);

/**
 * GET /v1/adm/campanhas/estabelecimentos/{id}?cod_cidade=: every shop of the city marked for
 * the campaign (`id_campanha` above 0 when it takes part). Id 0 is a new campaign: every shop
 * unmarked, factors 0.
 */
async function getCampanhaLojas(
  idCampanha: number,
  codCidade: number,
  signal?: AbortSignal,
): Promise<CampanhaLojaMarcada[]> {
  const res = await client.GET('/v1/adm/campanhas/estabelecimentos/{id}', {
    params: { path: { id: idCampanha }, query: { cod_cidade: codCidade } },
    signal,
  });
  return Lojas.parse(res.data);
}

const campanhaLojasQueryOptions = (idCampanha: number, codCidade: number, enabled = true) =>
  queryOptions({
    queryKey: [...campanhasAdmQueryKey, 'lojas', idCampanha, codCidade],
    queryFn: ({ signal }) => getCampanhaLojas(idCampanha, codCidade, signal),
    enabled: enabled && codCidade > 0,
    staleTime: 0,
    gcTime: 60_000,
  });

export function useCampanhaLojas(idCampanha: number, codCidade: number, enabled = true) {
  return useQuery(campanhaLojasQueryOptions(idCampanha, codCidade, enabled));
}
