import type { Kysely } from 'kysely';
import type { CampanhaDaLoja, CampanhaPublica } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { fromE4 } from '../coupons/units.js';
import * as repo from './repository.js';

/** Running and upcoming campaigns of a city, each with its participating shops and factors. */
export async function listForConsumers(
  db: Kysely<Database>,
  codCidade: number,
  day: string,
): Promise<CampanhaPublica[]> {
  const campanhas = await repo.listCurrentByCity(db, codCidade, day);
  const participantes = await repo.listParticipants(
    db,
    campanhas.map((c) => c.id_campanha),
  );
  return campanhas.map((c) => ({
    ...c,
    estabelecimentos: participantes
      .filter((p) => p.id_campanha === c.id_campanha)
      .map((p) => ({
        id_estabelecimento: p.id_estabelecimento,
        nome: p.nome,
        id_campanha: p.id_campanha,
        fator_cashback: fromE4(p.fator_cashback_e4),
        fator_sorteio: fromE4(p.fator_sorteio_e4),
      })),
  }));
}

/** The first and last day of the year of `day` (`YYYY-MM-DD`). */
export const yearOf = (day: string): { from: string; to: string } => ({
  from: `${day.slice(0, 4)}-01-01`,
  to: `${day.slice(0, 4)}-12-31`,
});

/** The campaigns of the current year a shop takes part in, newest first (sales screen). */
export async function listForShop(
  db: Kysely<Database>,
  idEstabelecimento: number,
  day: string,
): Promise<CampanhaDaLoja[]> {
  const { from, to } = yearOf(day);
  const rows = await repo.listForShop(db, idEstabelecimento, from, to);
  return rows.map((r) => ({
    id_campanha: r.id_campanha,
    den_campanha: r.den_campanha,
    validade_ini: r.validade_ini,
    validade_fim: r.validade_fim,
    fator_cashback: fromE4(r.fator_cashback_e4),
    fator_sorteio: fromE4(r.fator_sorteio_e4),
  }));
}
