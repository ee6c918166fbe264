import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** Campaigns of a city that have not ended by `day`, soonest first. */
export function listCurrentByCity(db: Kysely<Database>, codCidade: number, day: string) {
  return db
    .selectFrom('campanhas')
    .select(['id_campanha', 'den_campanha', 'banner', 'validade_ini', 'validade_fim', 'link', 'cod_cidade'])
    .where('cod_cidade', '=', codCidade)
    .where('validade_fim', '>=', day)
    .orderBy('validade_ini')
    .orderBy('id_campanha')
    .execute();
}

/** Participating shops of several campaigns in one query. */
export function listParticipants(db: Kysely<Database>, idsCampanha: number[]) {
  if (idsCampanha.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('campanha_estabelecimentos as ce')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'ce.id_estabelecimento')
    .select([
      'ce.id_campanha',
      'ce.id_estabelecimento',
      'e.nome',
      'ce.fator_cashback_e4',
      'ce.fator_sorteio_e4',
    ])
    .where('ce.id_campanha', 'in', idsCampanha)
    .orderBy('e.nome')
    .execute();
}
