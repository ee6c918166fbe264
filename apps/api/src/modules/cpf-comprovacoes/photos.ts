import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { COMPROVANTE_DIR, CPF_COMPROVACAO_DIR, donoDoComprovante } from '@praca/contract';
import { safeEqual } from '../../lib/crypto.js';
import type { Store } from '../../lib/storage.js';

/**
 * The photos of CPF proofs (issue 52). They are uploaded as complaints' receipts are
 * (`comprovantes/<id_usuario>-<32 hex>.png`) and, when the proof is sent, moved to their own
 * private folder `cpf-comprovacoes/` under a new random name: no static route reaches it, a
 * receipt's route never reads it, and one upload cannot serve two proofs. Admins see them through
 * links signed for them that last LINK_MINUTES; each fetch is audited (service.ts).
 */

/** How long a photo's link in the admin list works. */
export const LINK_MINUTES = 10;

export type Foto = 'imagem' | 'selfie';

/** The store's key of an upload the person `idUsuario` made, or null for another's or any other text. */
export function uploadKey(caminho: string, idUsuario: number): string | null {
  if (donoDoComprovante(caminho) !== idUsuario) return null;
  return `${COMPROVANTE_DIR}/${caminho.split('/').pop()}`;
}

/** Moves an upload into the proofs' private folder; answers the new key (null: no such upload). */
export async function moveUpload(store: Store, idUsuario: number, uploaded: string): Promise<string | null> {
  const png = await store.read(uploaded);
  if (!png) return null;
  const key = `${CPF_COMPROVACAO_DIR}/${idUsuario}-${randomBytes(16).toString('hex')}.png`;
  await store.put(key, png, 'image/png');
  await store.delete(uploaded);
  return key;
}

/** Deletes stored photos; a failure is logged (a sweep or the next removal tries again). */
export async function deletePhotos(store: Store, keys: string[], log: FastifyBaseLogger): Promise<boolean> {
  let ok = true;
  for (const key of keys) {
    try {
      await store.delete(key);
    } catch (err) {
      ok = false;
      log.warn({ err }, 'foto de comprovação de CPF não removida');
    }
  }
  return ok;
}

/** Every proof photo of a person (account removal, LGPD), best effort after the removal committed. */
export async function deletePhotosOf(store: Store, idUsuario: number, log: FastifyBaseLogger): Promise<void> {
  try {
    await deletePhotos(store, await store.list(`${CPF_COMPROVACAO_DIR}/${idUsuario}-`), log);
  } catch (err) {
    log.warn({ err }, 'fotos de comprovação de CPF não listadas');
  }
}

interface LinkParts {
  id: number;
  foto: Foto;
  /** The admin the link was made for (the audit's author of each view). */
  por: number;
  /** Unix seconds after which the link is refused. */
  expira: number;
}

const signature = (key: string, p: LinkParts): string =>
  createHmac('sha256', key)
    .update(`cpf-comprovacao:${p.id}:${p.foto}:${p.por}:${p.expira}`)
    .digest('base64url');

/** The path of a photo's link (under the server's BASE_PATH). */
export function photoLink(key: string, basePath: string, p: LinkParts): string {
  const q = new URLSearchParams({
    por: String(p.por),
    expira: String(p.expira),
    assinatura: signature(key, p),
  });
  return `${basePath}v1/adm/cpf-comprovacoes/${p.id}/fotos/${p.foto}?${q.toString()}`;
}

/** Whether a link's signature is the server's and it has not expired at `nowSeconds`. */
export function linkValid(key: string, p: LinkParts, assinatura: string, nowSeconds: number): boolean {
  return safeEqual(signature(key, p), assinatura) && nowSeconds <= p.expira;
}
