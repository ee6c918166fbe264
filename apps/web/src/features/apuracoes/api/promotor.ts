import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PromotorCidade, type PromotorBody } from '@praca/contract';
import { client } from '@/lib/api-client';
import { apuracoesQueryKey } from '@/lib/api/query-keys';

/** A city's promoter, under the apurações' root (it is printed in their edital and ata). */
const promotorQueryKey = (codCidade: number) => [...apuracoesQueryKey, 'promotor', codCidade] as const;

/**
 * GET /v1/adm/cidades/{cod_cidade}/promotor (issue 49): the promoter named in the city's
 * edital and ata (null fields: not configured yet). For the city's admins and the super-admin.
 */
async function getPromotor(codCidade: number, signal?: AbortSignal): Promise<PromotorCidade> {
  const res = await client.GET('/v1/adm/cidades/{cod_cidade}/promotor', {
    params: { path: { cod_cidade: codCidade } },
    signal,
  });
  return PromotorCidade.parse(res.data);
}

export function usePromotor(codCidade: number) {
  return useQuery({
    queryKey: promotorQueryKey(codCidade),
    queryFn: ({ signal }) => getPromotor(codCidade, signal),
    enabled: codCidade > 0,
  });
}

/** PATCH /v1/adm/cidades/{cod_cidade}/promotor: the super-admin names the promoter (name and CNPJ). */
async function salvarPromotor({
  codCidade,
  body,
}: {
  codCidade: number;
  body: PromotorBody;
}): Promise<PromotorCidade> {
  const res = await client.PATCH('/v1/adm/cidades/{cod_cidade}/promotor', {
    params: { path: { cod_cidade: codCidade } },
    body,
  });
  return PromotorCidade.parse(res.data);
}

/** Saving shows the new promoter at once, and reloads it from the API. */
export function useSalvarPromotor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: salvarPromotor,
    onSuccess: (promotor, { codCidade }) => {
      queryClient.setQueryData(promotorQueryKey(codCidade), promotor);
      return queryClient.invalidateQueries({ queryKey: promotorQueryKey(codCidade) });
    },
  });
}
