import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CpfComprovacaoAdmin, type DecisaoCpfComprovacaoBody } from '@praca/contract';
import { client } from '@/lib/api-client';
import { cpfComprovacoesAdmQueryKey } from './get-cpf-comprovacoes-adm';

/**
 * POST /v1/adm/cpf-comprovacoes/{id}/decisao: approve (the CPF becomes proven) or refuse once,
 * with a reason; 409 when already decided, 429 past the admin's daily approvals.
 */
export function useDecidirCpfComprovacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: DecisaoCpfComprovacaoBody }) =>
      CpfComprovacaoAdmin.parse(
        (
          await client.POST('/v1/adm/cpf-comprovacoes/{id_comprovacao}/decisao', {
            params: { path: { id_comprovacao: id } },
            body,
          })
        ).data,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cpfComprovacoesAdmQueryKey }),
  });
}
