import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CampanhaAdminDetalhe, CampanhaBody } from '@praca/contract';
import { client } from '@/lib/api-client';
import { dashboardQueryKey } from '@/lib/api/query-keys';
import { campanhasAdmQueryKey } from '@/lib/api/query-keys';
import { answerOrNull } from '@/lib/api/answer';

/**
 * A campaign change shows in the admin list and on the dashboard (its banners and counts).
 * The editor's own queries (one campaign, its shops) are only marked stale: the dialog closes,
 * and refetching a campaign just deleted would only answer 404.
 */
export function invalidateCampanhas(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [...campanhasAdmQueryKey, 'lista'] }),
    queryClient.invalidateQueries({ queryKey: campanhasAdmQueryKey, refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
  ]);
}

/**
 * POST /v1/adm/campanhas (201): the whole body, `estabelecimentos` with every shop of the city
 * and its marker (`id_campanha` above 0 takes part, 0 does not). Answers the new campaign.
 */
async function createCampanha(body: CampanhaBody): Promise<CampanhaAdminDetalhe | null> {
  const res = await client.POST('/v1/adm/campanhas', { body: CampanhaBody.parse(body) });
  return answerOrNull(CampanhaAdminDetalhe, res.data);
}

export function useCreateCampanha() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampanha,
    onSuccess: () => invalidateCampanhas(queryClient),
  });
}
