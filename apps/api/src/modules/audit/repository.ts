import { sql, type Kysely } from 'kysely';
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

export interface AuditFilter {
  codCidade: number;
  idUsuario?: number;
  entidade?: string;
  /**
   * The author: LIKE patterns (escaped with `\`) on the folded name (`nome_busca`: lower case
   * without accents) and on the lower-cased e-mail; an entry matches either.
   */
  nomeLike?: string;
  emailLike?: string;
  /** ISO instants: from (inclusive) and until (exclusive). */
  from?: string;
  until?: string;
}

/** Entries made by people of the city, newest first. */
function filtered(db: Kysely<Database>, f: AuditFilter) {
  let q = db
    .selectFrom('auditoria as a')
    .innerJoin('usuarios as u', 'u.id_usuario', 'a.id_usuario')
    .where('u.cod_cidade', '=', f.codCidade);
  if (f.idUsuario !== undefined) q = q.where('a.id_usuario', '=', f.idUsuario);
  if (f.entidade) q = q.where('a.entidade', '=', f.entidade);
  const { nomeLike, emailLike } = f;
  if (nomeLike !== undefined && emailLike !== undefined) {
    q = q.where((eb) =>
      eb.or([
        eb('u.nome_busca', 'like', sql<string>`${nomeLike} escape '\\'`),
        eb(sql<string>`lower(u.email)`, 'like', sql<string>`${emailLike} escape '\\'`),
      ]),
    );
  }
  if (f.from) q = q.where('a.criado_em', '>=', f.from);
  if (f.until) q = q.where('a.criado_em', '<', f.until);
  return q;
}

export async function listAudit(
  db: Kysely<Database>,
  f: AuditFilter,
  page: { offset: number; limit: number },
) {
  const { total } = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, f)
    .select([
      'a.id',
      'a.criado_em',
      'a.id_usuario',
      'u.nome as nome_usuario',
      'u.email as email_usuario',
      'a.acao',
      'a.entidade',
      'a.id_entidade',
      'a.antes',
      'a.depois',
      'a.ip',
    ])
    .orderBy('a.criado_em', 'desc')
    .orderBy('a.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { rows, total: Number(total) };
}
