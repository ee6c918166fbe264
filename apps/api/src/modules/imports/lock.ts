import type { Kysely } from 'kysely';
import { MSG_IMPORTACAO } from '@praca/contract';
import { uniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/types.js';
import { now } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';

/** A lock older than this was left by a server that stopped mid-import: it is taken over. */
const STALE_MS = 15 * 60_000;

/**
 * Runs `fn` holding the city's import lock (issue 52): a row of `importacoes_em_curso`, so every
 * instance sees it. A second import of the city meanwhile is 409; the row goes when `fn` ends.
 */
export async function withCityImportLock<T>(
  db: Kysely<Database>,
  codCidade: number,
  fn: () => Promise<T>,
): Promise<T> {
  const at = now().getTime();
  await db
    .deleteFrom('importacoes_em_curso')
    .where('cod_cidade', '=', codCidade)
    .where('desde', '<', new Date(at - STALE_MS).toISOString())
    .execute();
  try {
    await db
      .insertInto('importacoes_em_curso')
      .values({ cod_cidade: codCidade, desde: new Date(at).toISOString() })
      .execute();
  } catch (err) {
    if (uniqueViolation(err) !== null) throw new HttpError(409, MSG_IMPORTACAO.importacaoEmCurso);
    throw err;
  }
  try {
    return await fn();
  } finally {
    await db.deleteFrom('importacoes_em_curso').where('cod_cidade', '=', codCidade).execute();
  }
}
