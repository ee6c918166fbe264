import { queryOptions, useQuery } from '@tanstack/react-query';
import { CampanhaDaLoja } from '@praca/contract';
import { client } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

/**
 * GET /v1/parceiro/campanhas?id_estabelecimento=: the campaigns the shop takes part in;
 * an empty list means none ('Estabebelecimento nao participa da campanha').
 */
async function getCampanhasLoja(idEstabelecimento: number, signal?: AbortSignal): Promise<CampanhaDaLoja[]> {
  const res = await client.GET('/v1/parceiro/campanhas', {
    params: { query: { id_estabelecimento: idEstabelecimento } },
    signal,
  });
  return parseList(CampanhaDaLoja, res.data);
}

const campanhasLojaQueryOptions = (idEstabelecimento: number) =>
  queryOptions({
    queryKey: ['parceiro', 'campanhas', idEstabelecimento],
    queryFn: ({ signal }) => getCampanhasLoja(idEstabelecimento, signal),
    enabled: idEstabelecimento > 0,
    staleTime: 5 * 60_000,
  });

export function useCampanhasLoja(idEstabelecimento: number) {
  return useQuery(campanhasLojaQueryOptions(idEstabelecimento));
}
