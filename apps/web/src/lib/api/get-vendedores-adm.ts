import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_SELLER_ID, DEFAULT_SELLER_NAME, VendedorSchema, type Vendedor } from '@praca/contract';
import { client } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

/** 'Sem Vendedor' (id 99) is always offered, first (spec §3, §9). */
function withSemVendedor(idEstabelecimento: number, list: Vendedor[]): Vendedor[] {
  return [
    {
      id_estabelecimento: idEstabelecimento,
      id_vendedor: DEFAULT_SELLER_ID,
      nome_vendedor: DEFAULT_SELLER_NAME,
    },
    ...list.filter((v) => v.id_vendedor !== DEFAULT_SELLER_ID),
  ];
}

/** GET /v1/estabelecimentos/vendedores/{id_estabelecimento}: the shop's sellers, 'Sem Vendedor' first. */
async function getVendedoresAdm(idEstabelecimento: number, signal?: AbortSignal): Promise<Vendedor[]> {
  const res = await client.GET('/v1/estabelecimentos/vendedores/{id_estabelecimento}', {
    params: { path: { id_estabelecimento: idEstabelecimento } },
    signal,
  });
  return withSemVendedor(idEstabelecimento, parseList(VendedorSchema, res.data));
}

const vendedoresAdmQueryOptions = (idEstabelecimento: number) =>
  queryOptions({
    // The key the sales screen and the establishment editor use, so a seller change reaches it.
    queryKey: ['vendedores', idEstabelecimento],
    queryFn: ({ signal }) => getVendedoresAdm(idEstabelecimento, signal),
    enabled: idEstabelecimento > 0,
    staleTime: 5 * 60_000,
  });

export function useVendedoresAdm(idEstabelecimento: number) {
  return useQuery(vendedoresAdmQueryOptions(idEstabelecimento));
}
