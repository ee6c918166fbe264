import type { Kysely } from 'kysely';
import { $, prepared } from '../../db/prepared.js';
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

const newEntry = prepared((db) =>
  db.insertInto('auditoria').values({
    id_usuario: $(0),
    acao: $(1),
    entidade: $(2),
    id_entidade: $(3),
    antes: $(4),
    depois: $(5),
    ip: $(6),
  }),
);

export async function insertAudit(db: Kysely<Database>, e: AuditEntry): Promise<void> {
  await newEntry.run(db, [
    e.id_usuario,
    e.acao,
    e.entidade,
    String(e.id_entidade),
    json(e.antes),
    json(e.depois),
    e.ip ?? '',
  ]);
}
