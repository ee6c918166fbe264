import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Deletes from disk the winner photos of a removed person that no record uses any more
 * (best effort, after the removal committed: a failure is logged, the removal stands).
 * Only plain `<folder>/<file>` paths inside the images folder are touched.
 */
export async function removeWinnerPhotos(imagesDir: string, fotos: string[], log: FastifyBaseLogger) {
  const root = path.resolve(imagesDir);
  for (const foto of fotos) {
    const rel = foto
      .replace(/^\/+/, '')
      .replace(/^.*?\b(imgban|imgest|imglog|users|imgprom|imgtur)\//, '$1/');
    if (!/^[a-z]+\/[\w.-]+$/.test(rel)) continue;
    const file = path.resolve(root, rel);
    if (!file.startsWith(root + path.sep)) continue;
    await fs
      .rm(file, { force: true })
      .catch((err: unknown) => log.warn({ err }, 'foto de contemplado não removida'));
  }
}
