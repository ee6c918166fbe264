import { useQuery } from '@tanstack/react-query';
import { client } from '@/lib/api-client';

/** GET /v1/govbr/cadastro (issue 52): what gov.br gave for "Complete seu cadastro" (name, e-mail). */
export function useGovbrCadastro() {
  return useQuery({
    queryKey: ['govbr', 'cadastro'],
    queryFn: async ({ signal }) => (await client.GET('/v1/govbr/cadastro', { auth: 'none', signal })).data,
    retry: false,
    staleTime: Infinity,
  });
}
