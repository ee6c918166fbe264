import type { Kysely } from 'kysely';
import type { ContempladoPublico } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { presentPublicWinner } from './presenter.js';
import * as repo from './repository.js';

/** How many winners the consumer screens list, newest first. */
const PUBLIC_WINNERS_LIMIT = 200;

export async function listForConsumers(
  db: Kysely<Database>,
  codCidade: number,
): Promise<ContempladoPublico[]> {
  const rows = await repo.listByCity(db, codCidade, PUBLIC_WINNERS_LIMIT);
  const fotos = await repo.listPhotos(
    db,
    rows.map((r) => r.id_sorteado),
  );
  return rows.map((r) =>
    presentPublicWinner(
      r,
      fotos.filter((f) => f.id_sorteado === r.id_sorteado).map((f) => f.url_foto),
    ),
  );
}
