import { ImagemResposta, MSG_ADMIN, type ImageDir, type ImagemBody } from '@praca/contract';
import { imageHost } from '@/config/env';
import { ApiError, postToUrl, type ApiBody } from './api-client';

/**
 * The image-service client (spec §7 Other, domain §12): `POST {image host}{dir}/post_img.php`
 * with `{nomearq, conteudo}` in base64, through the one API client, so the session's bearer
 * token goes along and a 401 ends the session and goes to /login (spec §4).
 */

/** What the file picker offers; the server reads these four formats. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';
/** The server's default IMAGE_MAX_BYTES: larger files are refused before they are sent. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const MSG_NAO_E_IMAGEM = 'Escolha um arquivo de imagem (PNG, JPEG, WebP ou GIF)';
const MSG_IMAGEM_GRANDE = MSG_ADMIN.imagemGrande.replace('{mb}', '5');
const MSG_RESPOSTA_INESPERADA = 'O servidor de imagens deu uma resposta inesperada';

/** Why this file will not be sent, or null when it may be. */
export function checkImageFile(file: Blob): string | null {
  if (!file.type.toLowerCase().startsWith('image/')) return MSG_NAO_E_IMAGEM;
  if (file.size > IMAGE_MAX_BYTES) return MSG_IMAGEM_GRANDE;
  return null;
}

/** Base64 of a file's bytes, converted in slices so a large picture does not overflow the stack. */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const CHUNK = 0x8000;
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

/** The absolute address of a folder's upload script (the image host may be a path or a URL). */
export function uploadUrl(dir: ImageDir): string {
  return new URL(`${imageHost()}${dir}/post_img.php`, window.location.href).href;
}

export interface UploadOptions {
  /** The original file name (the stored name is made from it); defaults to the File's name. */
  nomearq?: string;
  /** The box the server fits the picture into; without both, the folder's size (spec §9). */
  largura?: number;
  altura?: number;
  signal?: AbortSignal;
}

/**
 * Sends one picture to folder `dir` and answers where it was stored (`caminho` is what an
 * entity keeps). A file that is not an image or is over 5 MB is refused here, without a
 * call; any refusal throws an {@link ApiError} whose message is the Portuguese text to show.
 */
export async function uploadImage(
  dir: ImageDir,
  file: File | Blob,
  opts: UploadOptions = {},
): Promise<ImagemResposta> {
  const refused = checkImageFile(file);
  if (refused) throw new ApiError(400, { erro: refused }, refused);

  const body: ImagemBody = {
    nomearq: opts.nomearq ?? (file instanceof File ? file.name : ''),
    conteudo: await fileToBase64(file),
  };
  if (opts.largura !== undefined && opts.altura !== undefined) {
    body.largura = opts.largura;
    body.altura = opts.altura;
  }
  // The route is `/img/{dir}/post_img.php` of the API (typed below), under the image host.
  const typed = body as ApiBody<'post', '/img/{dir}/post_img.php'>;
  const res = await postToUrl(uploadUrl(dir), typed, opts.signal);
  const parsed = ImagemResposta.safeParse(res.data);
  if (!parsed.success) throw new ApiError(res.status, res.data, MSG_RESPOSTA_INESPERADA);
  return parsed.data;
}
