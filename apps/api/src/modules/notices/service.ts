import type { Kysely } from 'kysely';
import type { AvisoPublico } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { presentPublicNotice } from './presenter.js';
import * as repo from './repository.js';

/** Valid notices; bodies are sanitised again on the way out, whatever was stored. */
export async function listForConsumers(
  db: Kysely<Database>,
  codCidade: number,
  day: string,
): Promise<AvisoPublico[]> {
  return (await repo.listValidByCity(db, codCidade, day)).map(presentPublicNotice);
}
