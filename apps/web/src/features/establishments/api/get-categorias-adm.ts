import { queryOptions, useQuery } from '@tanstack/react-query';
import { CategoriaSchema, type Categoria } from '@praca/contract';
import { client } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';

/** GET /v1/adm/categorias: the shop categories, for the establishment editor. */
async function getCategoriasAdm(signal?: AbortSignal): Promise<Categoria[]> {
  const res = await client.GET('/v1/adm/categorias', { signal });
  return parseList(CategoriaSchema, res.data);
}

const categoriasAdmQueryOptions = () =>
  queryOptions({
    queryKey: ['adm', 'categorias'],
    queryFn: ({ signal }) => getCategoriasAdm(signal),
    staleTime: 10 * 60_000,
  });

export function useCategoriasAdm() {
  return useQuery(categoriasAdmQueryOptions());
}
