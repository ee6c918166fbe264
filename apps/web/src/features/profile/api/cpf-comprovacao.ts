import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ComprovanteResposta,
  CpfComprovacaoCriada,
  MinhaCpfComprovacao,
  type ComprovanteBody,
} from '@praca/contract';
import { ApiError, client } from '@/lib/api-client';
import { checkImageFile, fileToBase64 } from '@/lib/image-client';

/** The account's CPF state and its latest proof by photos (issue 52). */
export const cpfComprovacaoQueryKey = ['usuarios', 'cpf', 'comprovacao'] as const;

/** GET /v1/usuarios/cpf/comprovacao. */
export function useMinhaCpfComprovacao() {
  return useQuery(
    queryOptions({
      queryKey: cpfComprovacaoQueryKey,
      queryFn: async ({ signal }) =>
        MinhaCpfComprovacao.parse((await client.GET('/v1/usuarios/cpf/comprovacao', { signal })).data),
      staleTime: 0,
    }),
  );
}

/**
 * POST /v1/contestacoes/comprovante: one photo, uploaded privately as a complaint's receipt is;
 * the answer names it in the proof. A file that is not an image or is over 5 MB is refused here.
 */
async function enviarFoto(file: File): Promise<string> {
  const refused = checkImageFile(file);
  if (refused) throw new ApiError(400, { erro: refused }, refused);
  const body: ComprovanteBody = { nomearq: file.name, conteudo: await fileToBase64(file) };
  return ComprovanteResposta.parse((await client.POST('/v1/contestacoes/comprovante', { body })).data).imagem;
}

/**
 * The two photos, then POST /v1/usuarios/cpf/comprovacao `{imagem, selfie}`: 201 `{id_comprovacao,
 * status: 'aberta'}`.
 */
export function useEnviarCpfComprovacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ documento, selfie }: { documento: File; selfie: File }) => {
      const imagem = await enviarFoto(documento);
      const foto = await enviarFoto(selfie);
      return CpfComprovacaoCriada.parse(
        (await client.POST('/v1/usuarios/cpf/comprovacao', { body: { imagem, selfie: foto } })).data,
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cpfComprovacaoQueryKey }),
  });
}
