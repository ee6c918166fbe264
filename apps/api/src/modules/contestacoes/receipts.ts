import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { COMPROVANTE_DIR, donoDoComprovante, type ComprovanteResposta } from '@praca/contract';
import type { Config } from '../../config.js';
import type { Store } from '../../lib/storage.js';
import { convertToPng, decodeConteudo, type ImagemDados } from '../images/service.js';

/**
 * The receipts' photos of complaints (issue 37). A nota fiscal can carry the resident's CPF,
 * so they live in the store's private folder `comprovantes/` (DATA_DIR/comprovantes, beside the
 * public DATA_DIR/images and never under it, or the bucket's `comprovantes/`): no static route
 * reaches them, only `GET /v1/contestacoes/{id}/comprovante`. A file is named
 * `<id_usuario>-<32 hex>.png`: whose it is, and a name nobody guesses.
 */

/** Large enough to read a receipt's small print, tall like a receipt. */
const RECEIPT_BOX = { width: 1200, height: 1600 };

/** The store's key of a receipt path, or null for any text that is not one. */
function keyOf(caminho: string): string | null {
  if (donoDoComprovante(caminho) === null) return null;
  return `${COMPROVANTE_DIR}/${caminho.split('/').pop()}`;
}

/** Checks the picture, shrinks it into the receipt box as PNG and stores it for `idUsuario`. */
export async function saveReceipt(
  config: Pick<Config, 'IMAGE_MAX_BYTES'>,
  store: Store,
  idUsuario: number,
  body: Pick<ImagemDados, 'conteudo'>,
): Promise<ComprovanteResposta> {
  const input = decodeConteudo(body.conteudo, config.IMAGE_MAX_BYTES);
  const png = await convertToPng(input, RECEIPT_BOX);
  const name = `${idUsuario}-${randomBytes(16).toString('hex')}.png`;
  await store.put(`${COMPROVANTE_DIR}/${name}`, png.data, 'image/png');
  return { imagem: `${COMPROVANTE_DIR}/${name}` };
}

/** Whether `caminho` names a stored receipt. */
export async function receiptExists(store: Store, caminho: string): Promise<boolean> {
  const key = keyOf(caminho);
  return key !== null && (await store.exists(key));
}

/** The PNG bytes of a stored receipt, or null when there is no such file. */
export async function readReceipt(store: Store, caminho: string): Promise<Buffer | null> {
  const key = keyOf(caminho);
  return key === null ? null : store.read(key);
}

/**
 * Deletes every receipt a person uploaded, used by a complaint or not (account removal, LGPD).
 * Best effort after the removal committed: a failure is logged.
 */
export async function removeReceiptsOf(
  store: Store,
  idUsuario: number,
  log: FastifyBaseLogger,
): Promise<number> {
  let keys: string[];
  try {
    keys = await store.list(`${COMPROVANTE_DIR}/${idUsuario}-`);
  } catch (err) {
    log.warn({ err }, 'comprovantes não listados');
    return 0;
  }
  let removed = 0;
  for (const key of keys) {
    try {
      await store.delete(key);
      removed += 1;
    } catch (err) {
      log.warn({ err }, 'comprovante não removido');
    }
  }
  return removed;
}
