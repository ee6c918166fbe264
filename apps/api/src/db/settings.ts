import type { Kysely } from 'kysely';
import type { Database } from './types.js';

/**
 * Issue 54: the secrets the server may keep in `configuracoes` when the environment does not
 * give them (QR_SECRET's, the VAPID key pair, the links to CPF proofs' photos). Backups leave
 * these rows out (db/backup.ts): a key never goes in a backup. `keptSetting` refuses any other
 * name, so a new secret cannot be kept without being listed here.
 */
export const SEGREDOS_CONFIGURACOES = ['qr_secret', 'vapid_chaves', 'cpf_comprovacao_links'] as const;

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
  if (!(SEGREDOS_CONFIGURACOES as readonly string[]).includes(chave)) {
    throw new Error(`segredo ${chave} fora de SEGREDOS_CONFIGURACOES: um backup o levaria`);
  }
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
