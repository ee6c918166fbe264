import type { Kysely } from 'kysely';
import type { CampanhaPublica } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { fromE4 } from '../../lib/units.js';
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
