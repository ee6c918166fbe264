import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { AvisoAdmin, AvisoBody } from '@praca/contract';
import { client } from '@/lib/api-client';
import { avisosAdmQueryKey } from './get-avisos-adm';
import { answerOrNull } from '@/lib/api/answer';

/**
 * A notice change reloads the admin list; the editor's own query is only marked stale (the
 * dialog closes, and refetching a notice just deleted would only answer 404).
 */
export function invalidateAvisos(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [...avisosAdmQueryKey, 'lista'] }),
    queryClient.invalidateQueries({ queryKey: avisosAdmQueryKey, refetchType: 'none' }),
  ]);
}

/** POST /v1/adm/avisos (202): title and validity required. Answers the new notice. */
async function createAviso(body: AvisoBody): Promise<AvisoAdmin | null> {
  const res = await client.POST('/v1/adm/avisos', { body: AvisoBody.parse(body) });
  return answerOrNull(AvisoAdmin, res.data);
}

export function useCreateAviso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAviso,
    onSuccess: () => invalidateAvisos(queryClient),
  });
}
