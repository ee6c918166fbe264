import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

export function listCategories(db: Kysely<Database>) {
  return db.selectFrom('categorias').select(['id_categoria', 'categoria']).orderBy('categoria').execute();
}
