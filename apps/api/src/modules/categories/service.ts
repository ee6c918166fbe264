import type { Kysely } from 'kysely';
import type { Categoria } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { presentCategory } from './presenter.js';
import * as repo from './repository.js';

export const listCategories = async (db: Kysely<Database>): Promise<Categoria[]> =>
  (await repo.listCategories(db)).map(presentCategory);
