import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnulacaoBody } from '@praca/contract';
import { registroSorteioQueryKey } from '@/lib/api/get-registro-sorteio';
import { apuracoesQueryKey } from '@/lib/api/query-keys';
import { client } from '@/lib/api-client';
import { invalidateContemplados } from './get-contemplados-adm';

/**
 * POST /v1/adm/contemplados/{id}/anulacao {motivo, tipo} (issues 36, 49): a drawn winner is
 * annulled with a written reason and its type, shown publicly next to the draw; never deleted,
 * so no hidden re-draw. An apuração's winner gets a substitute from a later contest, whose
 * list leaves out what the type says (the holder, the voided sale).
 */
async function anularContemplado({ idSorteado, body }: { idSorteado: number; body: AnulacaoBody }) {
  await client.POST('/v1/adm/contemplados/{id_sorteado}/anulacao', {
    params: { path: { id_sorteado: idSorteado } },
    body,
  });
}

/** POST /v1/adm/contemplados/{id}/entrega: the prize was handed over (it no longer prescribes). */
async function entregarContemplado(idSorteado: number) {
  await client.POST('/v1/adm/contemplados/{id_sorteado}/entrega', {
    params: { path: { id_sorteado: idSorteado } },
  });
}

/** Both change the winner list and the public records (apurações, instant draws). */
function useWinnerChange<V>(mutationFn: (v: V) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        invalidateContemplados(queryClient),
        queryClient.invalidateQueries({ queryKey: apuracoesQueryKey }),
        queryClient.invalidateQueries({ queryKey: registroSorteioQueryKey }),
      ]),
  });
}

export const useAnularContemplado = () => useWinnerChange(anularContemplado);
export const useEntregarContemplado = () => useWinnerChange(entregarContemplado);
