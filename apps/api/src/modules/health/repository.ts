import { sql, type Kysely } from 'kysely';
import { pendingMigrations as pending } from '../../db/migrate.js';
import type { Database } from '../../db/types.js';

export async function ping(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** The migrations of this build not applied to the database. */
export const pendingMigrations = (db: Kysely<Database>): Promise<string[]> => pending(db);
