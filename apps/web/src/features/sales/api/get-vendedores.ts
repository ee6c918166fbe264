import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_SELLER_ID, DEFAULT_SELLER_NAME, VendedorSchema, type Vendedor } from '@praca/contract';
import { client } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

/** 'Sem Vendedor' (id 99) is always offered, first (spec §3, §9). */
export function withDefaultSeller(idEstabelecimento: number, list: Vendedor[]): Vendedor[] {
  const others = list.filter((v) => v.id_vendedor !== DEFAULT_SELLER_ID);
  return [
    {
      id_estabelecimento: idEstabelecimento,
      id_vendedor: DEFAULT_SELLER_ID,
      nome_vendedor: DEFAULT_SELLER_NAME,
    },
    ...others,
  ];
}

/** GET /v1/estabelecimentos/vendedores/{id_estabelecimento}: the shop's sellers. */
async function getVendedores(idEstabelecimento: number, signal?: AbortSignal): Promise<Vendedor[]> {
  const res = await client.GET('/v1/estabelecimentos/vendedores/{id_estabelecimento}', {
    params: { path: { id_estabelecimento: idEstabelecimento } },
    signal,
  });
  return withDefaultSeller(idEstabelecimento, parseList(VendedorSchema, res.data));
}

const vendedoresQueryOptions = (idEstabelecimento: number) =>
  queryOptions({
    queryKey: ['vendedores', idEstabelecimento],
    queryFn: ({ signal }) => getVendedores(idEstabelecimento, signal),
    enabled: idEstabelecimento > 0,
    staleTime: 5 * 60_000,
  });

export function useVendedores(idEstabelecimento: number) {
  return useQuery(vendedoresQueryOptions(idEstabelecimento));
}
