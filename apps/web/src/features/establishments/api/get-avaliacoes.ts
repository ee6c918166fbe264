import { queryOptions, useQuery } from '@tanstack/react-query';
import { AvaliacoesResposta } from '@praca/contract';
import { client } from '@/lib/api-client';

/** GET /v1/avaliacoes/{id}: the summary and the approved reviews (names already masked). */
async function getAvaliacoes(idEstabelecimento: number, signal?: AbortSignal): Promise<AvaliacoesResposta> {
  const res = await client.GET('/v1/avaliacoes/{id_estabelecimento}', {
    params: { path: { id_estabelecimento: idEstabelecimento } },
    signal,
  });
  return AvaliacoesResposta.parse(res.data);
}

const avaliacoesQueryOptions = (idEstabelecimento: number) =>
  queryOptions({
    queryKey: ['avaliacoes', idEstabelecimento],
    queryFn: ({ signal }) => getAvaliacoes(idEstabelecimento, signal),
    enabled: idEstabelecimento > 0,
    // A review approved a moment ago shows on the next opening of the popup.
    staleTime: 0,
  });

export function useAvaliacoes(idEstabelecimento: number) {
  return useQuery(avaliacoesQueryOptions(idEstabelecimento));
}
