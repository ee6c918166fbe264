import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** The `exportacoes` table (migration exportacoes): a background export and its progress. */

export interface NewExport {
  id_usuario: number;
  cod_cidade: number;
  lista: string;
  formato: 'csv' | 'xlsx';
  filtros: string;
  autor: string;
  total: number;
  nome_arquivo: string;
  criada_em: string;
}

export async function insertExport(db: Kysely<Database>, e: NewExport): Promise<number> {
  const row = await db
    .insertInto('exportacoes')
    .values(e)
    .returning('id_exportacao')
    .executeTakeFirstOrThrow();
  return row.id_exportacao;
}

export function findExport(db: Kysely<Database>, id: number) {
  return db.selectFrom('exportacoes').selectAll().where('id_exportacao', '=', id).executeTakeFirst();
}

export type ExportRow = NonNullable<Awaited<ReturnType<typeof findExport>>>;

export async function markRunning(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('exportacoes')
    .set({ situacao: 'rodando', linhas: 0, erro: null })
    .where('id_exportacao', '=', id)
    .execute();
}

export async function saveTotal(db: Kysely<Database>, id: number, total: number): Promise<void> {
  await db.updateTable('exportacoes').set({ total }).where('id_exportacao', '=', id).execute();
}

export async function saveProgress(db: Kysely<Database>, id: number, linhas: number): Promise<void> {
  await db.updateTable('exportacoes').set({ linhas }).where('id_exportacao', '=', id).execute();
}

export async function markDone(
  db: Kysely<Database>,
  id: number,
  v: { linhas: number; arquivo: string; concluida_em: string; expira_em: string },
): Promise<void> {
  await db
    .updateTable('exportacoes')
    .set({ situacao: 'pronta', ...v })
    .where('id_exportacao', '=', id)
    .execute();
}

export async function markFailed(db: Kysely<Database>, id: number, erro: string, at: string): Promise<void> {
  await db
    .updateTable('exportacoes')
    .set({ situacao: 'falha', erro, concluida_em: at })
    .where('id_exportacao', '=', id)
    .execute();
}

/** Finished exports whose file expired before `now` and is still on disk. */
export function expiredFiles(db: Kysely<Database>, now: string) {
  return db
    .selectFrom('exportacoes')
    .select(['id_exportacao', 'arquivo'])
    .where('situacao', '=', 'pronta')
    .where('expira_em', '<', now)
    .where('arquivo', 'is not', null)
    .limit(100)
    .execute();
}

export async function forgetFile(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable('exportacoes').set({ arquivo: null }).where('id_exportacao', '=', id).execute();
}
