import { useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';

/** GET /v1/govbr/vincular (issue 52): why the link page shows (`cpf`, `email` or `vincular`). */
export function useGovbrVinculo() {
  return useQuery({
    queryKey: ['govbr', 'vinculo'],
    queryFn: async ({ signal }) => (await client.GET('/v1/govbr/vincular', { auth: 'none', signal })).data,
    retry: false,
    staleTime: Infinity,
  });
}
