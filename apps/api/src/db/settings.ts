import type { Kysely } from 'kysely';
import type { Database } from './types.js';

/**
 * A server secret kept in `configuracoes` (the sale hand-over HMAC key, the VAPID key pair):
 * the stored value, or `create()`'s stored first. Insert-if-absent, then read back, so two
 * servers starting at once on one database keep the same value.
 */
export async function keptSetting(
  db: Kysely<Database>,
  chave: string,
  create: () => string,
): Promise<string> {
  await db
    .insertInto('configuracoes')
    .values({ chave, valor: create() })
    .onConflict((oc) => oc.column('chave').doNothing())
    .execute();
  const row = await db
    .selectFrom('configuracoes')
    .select('valor')
    .where('chave', '=', chave)
    .executeTakeFirst();
  if (!row) throw new Error(`configuração ${chave} ausente`);
  return row.valor;
}
