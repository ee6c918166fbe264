import type { Kysely } from 'kysely';
import type { Categoria } from '@praca/contract';
import type { Database } from '../../db/types.js';
import * as repo from './repository.js';

export const listCategories = (db: Kysely<Database>): Promise<Categoria[]> => repo.listCategories(db);
