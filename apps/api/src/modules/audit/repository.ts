import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

export interface AuditEntry {
  id_usuario: number | null;
  acao: string;
  entidade: string;
  id_entidade: string | number;
  antes?: unknown;
  depois?: unknown;
  ip?: string;
}

const json = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(v));

export async function insertAudit(db: Kysely<Database>, e: AuditEntry): Promise<void> {
  await db
    .insertInto('auditoria')
    .values({
      id_usuario: e.id_usuario,
      acao: e.acao,
      entidade: e.entidade,
      id_entidade: String(e.id_entidade),
      antes: json(e.antes),
      depois: json(e.depois),
      ip: e.ip ?? '',
    })
    .execute();
}
