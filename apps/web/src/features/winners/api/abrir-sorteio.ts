import { useMutation } from '@tanstack/react-query';
import { AberturaSorteio, MSG_SORTEIO } from '@praca/contract';
import { client, ApiError } from '@/lib/api-client';
import { answerOr } from '@/lib/api/answer';

/**
 * POST /v1/adm/sorteio/{id_campanha}/abertura (issue 49): opens the draw of a campaign. The
 * server makes the seed and publishes only its SHA-256 (`hash_semente`) before the draw; the
 * draw that names this opening reveals the seed. Never retried: each call is a public opening.
 */
async function abrirSorteio(idCampanha: number): Promise<AberturaSorteio> {
  const res = await client.POST('/v1/adm/sorteio/{id_campanha}/abertura', {
    params: { path: { id_campanha: idCampanha } },
  });
  return answerOr(
    AberturaSorteio,
    res.data,
    () => new ApiError(res.status, res.data, MSG_SORTEIO.erroAoSortear),
  );
}

export function useAbrirSorteio() {
  return useMutation({ mutationFn: abrirSorteio, retry: false });
}
