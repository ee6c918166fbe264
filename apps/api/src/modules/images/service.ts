import { randomBytes } from 'node:crypto';
import {
  IMAGE_DIRS,
  IMAGE_SIZES,
  MSG_ADMIN,
  type ImageDir,
  type ImagemBody,
  type ImagemResposta,
} from '@praca/contract';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import { HttpError } from '../../lib/errors.js';
import { ImageRejected, toPng, type Box, type PngImage } from '../../lib/images.js';
import type { Store } from '../../lib/storage.js';
import { presentSavedImage } from './presenter.js';

/** The image service (spec §7 Other, §9; domain §12): check, resize, store as PNG. */

export type ImagemDados = z.output<typeof ImagemBody>;

/** The store's folder of the public images, served at `<base>/img/`. */
export const IMAGES_PREFIX = 'images/';

const isImageDir = (dir: string): dir is ImageDir => (IMAGE_DIRS as readonly string[]).includes(dir);

/**
 * Room for the base64 (4/3 of the bytes) of an image somewhat above IMAGE_MAX_BYTES plus the
 * JSON around it, so an oversize picture gets the clear "passa do limite" 400, not the body limit's
 * "Conteúdo da requisição grande demais".
 */
export const uploadBodyLimit = (imageMaxBytes: number): number =>
  Math.ceil(Math.ceil((imageMaxBytes * 4) / 3) * 1.1) + 4096;

/** The limit in MB as people read it: '5', or '0,2' for a small test limit. */
const megabytes = (bytes: number): string =>
  (bytes / (1024 * 1024)).toLocaleString('pt-BR', { maximumFractionDigits: 1 });

const DATA_URL_PREFIX = /^data:[^,;]*(;[^,;]*)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * The bytes of `conteudo`: base64 (standard or URL-safe, line breaks allowed), optionally
 * behind a `data:<mime>;base64,` prefix. Too large is refused before anything is decoded.
 * Also used for the receipts of complaints (contestacoes/receipts.ts).
 */
export function decodeConteudo(conteudo: string, maxBytes: number): Buffer {
  const b64 = conteudo.trim().replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  if (b64 === '') throw new HttpError(400, MSG_ADMIN.imagemVazia);
  if (!BASE64.test(b64) || b64.length % 4 === 1) throw new HttpError(400, MSG_ADMIN.imagemInvalida);
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  const decodedLength = Math.floor((b64.length * 3) / 4) - padding;
  if (decodedLength > maxBytes) {
    throw new HttpError(400, MSG_ADMIN.imagemGrande.replace('{mb}', megabytes(maxBytes)));
  }
  return Buffer.from(b64, 'base64');
}

/** The file name's stem as a slug: no folder, no extension, ASCII, at most 40 characters. */
function slugFileName(nomearq: string): string {
  const base = nomearq.split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.[^.]*$/, '');
  const slug = stem
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || 'imagem';
}

/**
 * The picture as a PNG that fits `box`; what is not a readable picture, or has too many
 * pixels, is the image service's 400.
 */
export async function convertToPng(input: Buffer, box: Box): Promise<PngImage> {
  try {
    return await toPng(input, box);
  } catch (err) {
    if (err instanceof ImageRejected) {
      throw new HttpError(
        400,
        err.reason === 'pixels' ? MSG_ADMIN.imagemDimensoes : MSG_ADMIN.imagemInvalida,
      );
    }
    throw err;
  }
}

/**
 * Checks and stores one uploaded picture of folder `dir`, resized into the box the caller
 * passed (both `largura` and `altura`) or else the folder's box (spec §9). Nothing is written
 * unless the whole picture was read and converted.
 */
export async function saveImage(
  config: Pick<Config, 'IMAGE_MAX_BYTES' | 'BASE_PATH'>,
  store: Store,
  dir: string,
  body: ImagemDados,
): Promise<ImagemResposta> {
  if (!isImageDir(dir)) throw new HttpError(400, MSG_ADMIN.pastaDesconhecida);
  const input = decodeConteudo(body.conteudo, config.IMAGE_MAX_BYTES);
  const box =
    body.largura !== undefined && body.altura !== undefined
      ? { largura: body.largura, altura: body.altura }
      : IMAGE_SIZES[dir];

  const png = await convertToPng(input, { width: box.largura, height: box.altura });

  const fileName = `${slugFileName(body.nomearq)}-${randomBytes(4).toString('hex')}.png`;
  await store.put(`${IMAGES_PREFIX}${dir}/${fileName}`, png.data, 'image/png');

  return presentSavedImage(`${dir}/${fileName}`, config.BASE_PATH, png);
}
