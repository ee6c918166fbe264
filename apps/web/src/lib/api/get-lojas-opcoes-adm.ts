import { queryOptions, useQuery } from '@tanstack/react-query';
import { EstabelecimentoAdminItem } from '@praca/contract';
import { client } from '@/lib/api-client';
import { parseList } from '@/lib/parse-list';
import { estabelecimentosAdmQueryKey } from '@/lib/api/query-keys';

/** How many shops a selector offers (the API's largest page). */
const LOJAS_OPCOES_LIMITE = 100;

export interface LojaOpcao {
  id_estabelecimento: number;
  nome: string;
}

/** GET /v1/adm/estabelecimentos?cod_cidade=&limite=100: the city's shops for a selector, by name. */
async function getLojasOpcoesAdm(codCidade: number, signal?: AbortSignal): Promise<LojaOpcao[]> {
  const res = await client.GET('/v1/adm/estabelecimentos', {
    params: { query: { cod_cidade: codCidade, pagina: 1, limite: LOJAS_OPCOES_LIMITE } },
    signal,
  });
  return parseList(EstabelecimentoAdminItem, res.data)
    .map(({ id_estabelecimento, nome }) => ({ id_estabelecimento, nome }))
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
}

const lojasOpcoesAdmQueryOptions = (codCidade: number) =>
  queryOptions({
    // Under the establishments' key, so a shop change marks it stale too.
    queryKey: [...estabelecimentosAdmQueryKey, 'opcoes', codCidade],
    queryFn: ({ signal }) => getLojasOpcoesAdm(codCidade, signal),
    enabled: codCidade > 0,
    staleTime: 60_000,
  });

export function useLojasOpcoesAdm(codCidade: number) {
  return useQuery(lojasOpcoesAdmQueryOptions(codCidade));
}
