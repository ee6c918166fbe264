import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../../lib/storage.js';
import { removeReceiptsOf } from '../contestacoes/receipts.js';
import { deletePhotosOf as deleteCpfProofPhotosOf } from '../cpf-comprovacoes/photos.js';
import { IMAGES_PREFIX } from '../images/service.js';
import type { RemovalResult } from './removal.js';

/**
 * Deletes from the store the winner photos of a removed person that no record uses any more
 * (best effort, after the removal committed: a failure is logged, the removal stands).
 * Only plain `<folder>/<file>` paths of the public images are touched.
 */
async function removeWinnerPhotos(store: Store, fotos: string[], log: FastifyBaseLogger) {
  for (const foto of fotos) {
    const rel = foto
      .replace(/^\/+/, '')
      .replace(/^.*?\b(imgban|imgest|imglog|users|imgprom|imgtur)\//, '$1/');
    if (!/^[a-z]+\/[\w-][\w.-]*$/.test(rel)) continue;
    await store
      .delete(`${IMAGES_PREFIX}${rel}`)
      .catch((err: unknown) => log.warn({ err }, 'foto de contemplado não removida'));
  }
}

/**
 * Every file of a removed person, after the removal committed (best effort, each failure
 * logged): winner photos no record uses any more, receipts' photos, photos of CPF proofs.
 */
export async function removeFilesOf(store: Store, result: RemovalResult, log: FastifyBaseLogger) {
  await removeWinnerPhotos(store, result.fotos, log);
  await removeReceiptsOf(store, result.id_usuario, log);
  await deleteCpfProofPhotosOf(store, result.id_usuario, log);
}
