import { useQueryClient } from '@tanstack/react-query';
import { EstabelecimentoParceiro, type ImagemDoParceiro, type ImagemParceiroBody } from '@praca/contract';
import { client, ApiError } from '@/lib/api-client';
import { checkImageFile, fileToBase64 } from '@/lib/image-client';
import { storeShop } from './get-estabelecimentos-parceiro';

/**
 * PUT /v1/parceiro/estabelecimentos/{id}/foto (or /logo): the picture in base64; the server
 * fits it into the folder's box, stores it and points the shop at it. A file that is not an
 * image or is over 5 MB is refused here, without a call.
 */
async function putImagemParceiro(
  id: number,
  imagem: ImagemDoParceiro,
  file: File,
  signal: AbortSignal,
): Promise<EstabelecimentoParceiro> {
  const refused = checkImageFile(file);
  if (refused) throw new ApiError(400, { erro: refused }, refused);
  const body: ImagemParceiroBody = { nomearq: file.name, conteudo: await fileToBase64(file) };
  const init = { params: { path: { id } }, body, signal };
  const res =
    imagem === 'logo'
      ? await client.PUT('/v1/parceiro/estabelecimentos/{id}/logo', init)
      : await client.PUT('/v1/parceiro/estabelecimentos/{id}/foto', init);
  return EstabelecimentoParceiro.parse(res.data);
}

/** The `upload` of an ImageUpload field of the partner's shop: answers the stored path. */
export function useUploadImagemParceiro(id: number, imagem: ImagemDoParceiro) {
  const queryClient = useQueryClient();
  return async (file: File, signal: AbortSignal): Promise<string> => {
    const shop = await putImagemParceiro(id, imagem, file, signal);
    void storeShop(queryClient, shop);
    return imagem === 'foto' ? shop.url_foto : shop.url_logo;
  };
}
