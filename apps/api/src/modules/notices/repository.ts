import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** Notices of a city still valid on `day`, newest first. */
export function listValidByCity(db: Kysely<Database>, codCidade: number, day: string) {
  return db
    .selectFrom('avisos')
    .select(['id_aviso', 'cod_cidade', 'type', 'title', 'body', 'image', 'validade'])
    .where('cod_cidade', '=', codCidade)
    .where('validade', '>=', day)
    .orderBy('id_aviso', 'desc')
    .execute();
}
