import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** Campaigns of a city that have not ended by `day`, soonest first. */
export function listCurrentByCity(db: Kysely<Database>, codCidade: number, day: string) {
  return db
    .selectFrom('campanhas')
    .select([
      'id_campanha',
      'den_campanha',
      'banner',
      'validade_ini',
      'validade_fim',
      'link',
      'cod_cidade',
      'limite_vendas_dia_loja',
      'limite_cupons_mes',
      'limite_valor_dia_centavos',
      'pct_entidade',
      'exige_nfce',
    ])
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

/** The campaigns a shop takes part in whose validity touches [from, to], newest first. */
export function listForShop(db: Kysely<Database>, idEstabelecimento: number, from: string, to: string) {
  return db
    .selectFrom('campanha_estabelecimentos as ce')
    .innerJoin('campanhas as c', 'c.id_campanha', 'ce.id_campanha')
    .select([
      'c.id_campanha',
      'c.den_campanha',
      'c.validade_ini',
      'c.validade_fim',
      'ce.fator_cashback_e4',
      'ce.fator_sorteio_e4',
      'c.exige_nfce',
    ])
    .where('ce.id_estabelecimento', '=', idEstabelecimento)
    .where('c.validade_ini', '<=', to)
    .where('c.validade_fim', '>=', from)
    .orderBy('c.validade_ini', 'desc')
    .orderBy('c.id_campanha', 'desc')
    .execute();
}
