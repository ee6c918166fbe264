import type { Kysely } from 'kysely';
import type { TurismoItem } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { presentTourismItem } from './presenter.js';
import * as repo from './repository.js';

/** Portuguese alphabetical order (accents and case folded), the same on both databases. */
const byDescription = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** The city's active, unexpired tourism items (of one type when asked), by description. */
export async function listForConsumers(
  db: Kysely<Database>,
  codCidade: number,
  day: string,
  tipo?: number,
): Promise<TurismoItem[]> {
  const rows = await repo.listVisible(db, codCidade, day, tipo);
  return rows
    .map(presentTourismItem)
    .sort((a, b) => byDescription.compare(a.descricao, b.descricao) || a.id_turismo - b.id_turismo);
}
