import { useMutation } from '@tanstack/react-query';
import { client, ApiError, NETWORK_ERROR } from '@/lib/api-client';
import { hashPassword } from '@/lib/hash';

/**
 * POST /v1/usuarios/govbr/vincular (issue 52): the logged-in account, its password again, and
 * this browser's completed gov.br flow: linked, the CPF proven.
 */
async function link(senha: string): Promise<void> {
  try {
    await client.POST('/v1/usuarios/govbr/vincular', { body: { senha: await hashPassword(senha) } });
  } catch (error) {
    throw new Error(error instanceof ApiError && error.status !== 0 ? error.message : NETWORK_ERROR);
  }
}

export function useGovbrLink() {
  return useMutation({ mutationFn: link });
}
