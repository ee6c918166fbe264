import type { Kysely } from 'kysely';
import { MSG } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../lib/errors.js';
import { presentHealth } from './presenter.js';
import * as repo from './repository.js';

/** Up when the database answers; 503 otherwise (for load balancers and the e2e harness). */
export async function health(db: Kysely<Database>, banco: string) {
  try {
    await repo.ping(db);
  } catch {
    throw new HttpError(503, MSG.bancoIndisponivel);
  }
  return presentHealth(banco);
}
