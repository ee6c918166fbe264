import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { EstabelecimentoParceiro } from '@praca/contract';
import { client } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';
import { invalidateEstabelecimentos } from './get-estabelecimentos-adm';

const estabelecimentosParceiroQueryKey = ['parceiro', 'estabelecimentos'] as const;

/** GET /v1/parceiro/estabelecimentos: the partner's own shops by name, with their sellers. */
async function getEstabelecimentosParceiro(signal?: AbortSignal): Promise<EstabelecimentoParceiro[]> {
  const res = await client.GET('/v1/parceiro/estabelecimentos', { signal });
  return parseList(EstabelecimentoParceiro, res.data);
}

const estabelecimentosParceiroQueryOptions = () =>
  queryOptions({
    queryKey: estabelecimentosParceiroQueryKey,
    queryFn: ({ signal }) => getEstabelecimentosParceiro(signal),
    // The form starts from what the server has; it is not refilled under the partner's edits.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

export function useEstabelecimentosParceiro() {
  return useQuery(estabelecimentosParceiroQueryOptions());
}

/**
 * After a write: the answer is the shop as stored, put in the list in place; the consumers'
 * shop lists and the shop's sellers in the sales dialog are out of date.
 */
export function storeShop(queryClient: QueryClient, shop: EstabelecimentoParceiro) {
  queryClient.setQueryData<EstabelecimentoParceiro[]>(estabelecimentosParceiroQueryKey, (list) =>
    list?.map((s) => (s.id_estabelecimento === shop.id_estabelecimento ? shop : s)),
  );
  return invalidateEstabelecimentos(queryClient, shop.id_estabelecimento);
}
