import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../../lib/storage.js';
import { IMAGES_PREFIX } from '../images/service.js';

/**
 * Deletes from the store the winner photos of a removed person that no record uses any more
 * (best effort, after the removal committed: a failure is logged, the removal stands).
 * Only plain `<folder>/<file>` paths of the public images are touched.
 */
export async function removeWinnerPhotos(store: Store, fotos: string[], log: FastifyBaseLogger) {
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
