import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { COMPROVANTE_DIR, donoDoComprovante, type ComprovanteResposta } from '@praca/contract';
import type { Config } from '../../config.js';
import { convertToPng, decodeConteudo, writeAtomically, type ImagemDados } from '../images/service.js';

/**
 * The receipts' photos of complaints (issue 37). A nota fiscal can carry the resident's CPF,
 * so they live in `DATA_DIR/comprovantes`, beside the public `DATA_DIR/images` and never under
 * it: no static route reaches them, only `GET /v1/contestacoes/{id}/comprovante`. A file is
 * named `<id_usuario>-<32 hex>.png`: whose it is, and a name nobody guesses.
 */

/** Large enough to read a receipt's small print, tall like a receipt. */
const RECEIPT_BOX = { width: 1200, height: 1600 };

const receiptsDir = (dataDir: string): string => path.join(dataDir, COMPROVANTE_DIR);

/** The file of a receipt path, or null for any text that is not one. */
function fileOf(dataDir: string, caminho: string): string | null {
  if (donoDoComprovante(caminho) === null) return null;
  return path.join(receiptsDir(dataDir), path.basename(caminho));
}

/** Checks the picture, shrinks it into the receipt box as PNG and stores it for `idUsuario`. */
export async function saveReceipt(
  config: Pick<Config, 'dataDir' | 'IMAGE_MAX_BYTES'>,
  idUsuario: number,
  body: Pick<ImagemDados, 'conteudo'>,
): Promise<ComprovanteResposta> {
  const input = decodeConteudo(body.conteudo, config.IMAGE_MAX_BYTES);
  const png = await convertToPng(input, RECEIPT_BOX);
  const folder = receiptsDir(config.dataDir);
  await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  const name = `${idUsuario}-${randomBytes(16).toString('hex')}.png`;
  await writeAtomically(path.join(folder, name), png.data);
  return { imagem: `${COMPROVANTE_DIR}/${name}` };
}

/** Whether `caminho` names a stored receipt. */
export async function receiptExists(dataDir: string, caminho: string): Promise<boolean> {
  const file = fileOf(dataDir, caminho);
  if (file === null) return false;
  return fs.stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** The PNG bytes of a stored receipt, or null when there is no such file. */
export async function readReceipt(dataDir: string, caminho: string): Promise<Buffer | null> {
  const file = fileOf(dataDir, caminho);
  if (file === null) return null;
  try {
    return await fs.readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Deletes every receipt a person uploaded, used by a complaint or not (account removal, LGPD),
 * and any temporary file of one. Best effort after the removal committed: a failure is logged.
 */
export async function removeReceiptsOf(
  dataDir: string,
  idUsuario: number,
  log: FastifyBaseLogger,
): Promise<number> {
  const folder = receiptsDir(dataDir);
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') log.warn({ err }, 'comprovantes não listados');
    return 0;
  }
  const prefix = `${idUsuario}-`;
  const mine = names.filter((n) => n.startsWith(prefix) || n.startsWith(`.${prefix}`));
  let removed = 0;
  for (const name of mine) {
    try {
      await fs.rm(path.join(folder, name), { force: true });
      removed += 1;
    } catch (err) {
      log.warn({ err }, 'comprovante não removido');
    }
  }
  return removed;
}
