import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

export async function ping(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
