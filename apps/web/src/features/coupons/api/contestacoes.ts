import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ComprovanteResposta,
  Contestacao,
  ContestacaoCriada,
  type ComprovanteBody,
  type ContestacaoBody,
} from '@praca/contract';
import { client, ApiError, type ApiBody } from '@/lib/api-client';
import { checkImageFile, fileToBase64 } from '@/lib/image-client';
import { parseList } from '@/lib/parse-list';

/** The resident's own complaints about the statement (issue 37). */
const minhasKey = ['contestacoes'] as const;

/** GET /v1/contestacoes: mine, newest first. */
export function useMinhasContestacoes() {
  return useQuery(
    queryOptions({
      queryKey: minhasKey,
      queryFn: async ({ signal }) =>
        parseList(Contestacao, (await client.GET('/v1/contestacoes', { signal })).data),
      staleTime: 0,
    }),
  );
}

/** POST /v1/contestacoes: 201 `{id_contestacao, status: 'aberta'}`. */
export function useAbrirContestacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ContestacaoBody) =>
      ContestacaoCriada.parse(
        (await client.POST('/v1/contestacoes', { body: body as ApiBody<'post', '/v1/contestacoes'> })).data,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: minhasKey }),
  });
}

/**
 * POST /v1/contestacoes/comprovante: the receipt's photo in base64 (converted as the image
 * uploads are); the answer's `imagem` goes into the complaint. The photo stays private. A
 * file that is not an image or is over 5 MB is refused here, without a call.
 */
export async function enviarComprovante(file: File): Promise<string> {
  const refused = checkImageFile(file);
  if (refused) throw new ApiError(400, { erro: refused }, refused);
  const body: ComprovanteBody = { nomearq: file.name, conteudo: await fileToBase64(file) };
  return ComprovanteResposta.parse((await client.POST('/v1/contestacoes/comprovante', { body })).data).imagem;
}
