import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { tourismColumns } from './presenter.js';

/**
 * The tourism items consumers see on `day` (domain §7): of the city, active (`ind_ativo = S`)
 * and with no expiry or one not passed yet; of one type when `tipo` is given.
 */
export function listVisible(db: Kysely<Database>, codCidade: number, day: string, tipo?: number) {
  let q = db
    .selectFrom('turismo')
    .select(tourismColumns)
    .where('cod_cidade', '=', codCidade)
    .where('ind_ativo', '=', 'S')
    .where((eb) => eb.or([eb('validade_ate', 'is', null), eb('validade_ate', '>=', day)]));
  if (tipo !== undefined) q = q.where('tipo', '=', tipo);
  return q.orderBy('id_turismo').execute();
}
