import type { AcaoAuditada, EntidadeAuditada } from '@praca/contract';
import { sql, type Kysely } from 'kysely';
import { $, prepared } from '../../db/prepared.js';
import type { Database } from '../../db/types.js';

export interface AuditEntry {
  id_usuario: number | null;
  /** Only the contract's values, each with its label (issue 51). */
  acao: AcaoAuditada;
  entidade: EntidadeAuditada;
  id_entidade: string | number;
  antes?: unknown;
  depois?: unknown;
  ip?: string;
  /** The API key the write came through (issue 39). */
  id_chave?: number | null;
}

const json = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(v));

const newEntry = prepared((db) =>
  db.insertInto('auditoria').values({
    id_usuario: $(0),
    // The author's city, so the list finds a city's entries by index (migration auditoria-por-cidade).
    cod_cidade: (eb) => eb.selectFrom('usuarios').select('cod_cidade').where('id_usuario', '=', $(0)),
    acao: $(1),
    entidade: $(2),
    id_entidade: $(3),
    antes: $(4),
    depois: $(5),
    ip: $(6),
    id_chave: $(7),
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
    e.id_chave ?? null,
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

/**
 * The count stops here: a city's log holds millions of entries (one a sale), and counting them
 * all would read every one (migration auditoria-por-cidade). Past it the answer says "more than".
 */
export const AUDIT_COUNT_CAP = 10_000;

/** Past this many authors matching the text, they are named by a subquery instead of by id. */
const AUTHORS_BY_ID_MAX = 2_000;

/** The authors of the city's entries whose folded name or lower-cased e-mail matches. */
function authorsMatching(db: Kysely<Database>, codCidade: number, nomeLike: string, emailLike: string) {
  return db
    .selectFrom('auditoria_autores as aa')
    .select('aa.id_usuario')
    .where('aa.cod_cidade', '=', codCidade)
    .where((eb) =>
      eb.or([
        eb('aa.nome_busca', 'like', sql<string>`${nomeLike} escape '\\'`),
        eb('aa.email', 'like', sql<string>`${emailLike} escape '\\'`),
      ]),
    );
}

export type Authors = number[] | ReturnType<typeof authorsMatching>;

/**
 * Which index a query walks. SQLite's planner has no statistics here and guessed wrong both
 * ways on the benchmark's city (2 million entries): by date for two small shops' few entries
 * (0.5–0.8 s), by entity for the entries of many authors (60 ms). So the query names it, with
 * a unary plus on the columns whose indexes it must not use (as good on PostgreSQL):
 * - `city`: by date, `auditoria_cidade_idx` or, with an entity, `auditoria_cidade_entidade_idx`,
 *   in the list's order; the author is checked on each entry of the index;
 * - `author`: each author's entries on `auditoria_usuario_idx`, by date, sorted afterwards; the
 *   city and the entity are checked on each entry of the index.
 */
type Walk = 'city' | 'author';

/** Entries of the city (the author's city when each was written) by every filter but the text. */
function entries(db: Kysely<Database>, f: AuditFilter, authors: Authors | null, walk: Walk) {
  const byAuthor = walk === 'author';
  let q = db
    .selectFrom('auditoria as a')
    .where(byAuthor ? sql<number>`+a.cod_cidade` : sql<number>`a.cod_cidade`, '=', f.codCidade);
  const author = byAuthor ? sql<number>`a.id_usuario` : sql<number>`+a.id_usuario`;
  if (f.idUsuario !== undefined) q = q.where(author, '=', f.idUsuario);
  if (authors) q = q.where(author, 'in', authors);
  if (f.entidade) q = q.where('a.entidade', '=', f.entidade);
  if (f.from) q = q.where('a.criado_em', '>=', f.from);
  if (f.until) q = q.where('a.criado_em', '<', f.until);
  return q;
}

/** How many entries a query finds, up to one past the cap (so never more read than that). */
async function countCapped(db: Kysely<Database>, q: ReturnType<typeof entries>): Promise<number> {
  const { n } = await db
    .selectFrom(
      q
        .select('a.id')
        .limit(AUDIT_COUNT_CAP + 1)
        .as('c'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export interface AuditPage {
  rows: {
    id: number;
    criado_em: string;
    id_usuario: number | null;
    nome_usuario: string;
    email_usuario: string;
    acao: string;
    entidade: string;
    id_entidade: string;
    antes: string | null;
    depois: string | null;
    ip: string;
  }[];
  /** Entries on every page, up to AUDIT_COUNT_CAP. */
  total: number;
  /** False when there are more than AUDIT_COUNT_CAP (total is then the cap). */
  exact: boolean;
}

/**
 * One page of the city's entries, newest first, and how many there are (up to the cap). The
 * page's ids are found from the indexes alone; only those entries are then read whole, with
 * their authors.
 */
export async function listAudit(
  db: Kysely<Database>,
  f: AuditFilter,
  page: { offset: number; limit: number },
): Promise<AuditPage> {
  const { nomeLike, emailLike } = f;
  let authors: Authors | null = null;
  if (nomeLike !== undefined && emailLike !== undefined) {
    const found = authorsMatching(db, f.codCidade, nomeLike, emailLike);
    const ids = (await found.limit(AUTHORS_BY_ID_MAX + 1).execute()).map((r) => r.id_usuario);
    if (ids.length === 0) return { rows: [], total: 0, exact: true };
    // A text of a letter or two matches most authors: their entries are dense in the log.
    authors = ids.length > AUTHORS_BY_ID_MAX ? found : ids;
  }
  // Named authors are counted on their own entries, unless the entity's (up to the cap) are
  // fewer: a rare entity among the entries of many authors.
  let walk: Walk = Array.isArray(authors) || f.idUsuario !== undefined ? 'author' : 'city';
  if (walk === 'author' && f.entidade) {
    const ofEntity = await countCapped(db, entries(db, { ...f, idUsuario: undefined }, null, 'city'));
    if (ofEntity <= AUDIT_COUNT_CAP) walk = 'city';
  }
  const total = await countCapped(db, entries(db, f, authors, walk));
  const exact = total <= AUDIT_COUNT_CAP;
  if (total <= page.offset) return { rows: [], total: Math.min(total, AUDIT_COUNT_CAP), exact };

  // Past the cap the authors' entries are dense enough to be met soon, walking by date; up to it,
  // theirs are read and sorted (at most the cap's worth of index entries).
  const ids = (
    await entries(db, f, authors, exact ? walk : 'city')
      .select('a.id')
      .orderBy('a.criado_em', 'desc')
      .orderBy('a.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute()
  ).map((r) => r.id);
  const rows = ids.length
    ? await withAuthors(db)
        .where('a.id', 'in', ids)
        .orderBy('a.criado_em', 'desc')
        .orderBy('a.id', 'desc')
        .execute()
    : [];
  return { rows, total: Math.min(total, AUDIT_COUNT_CAP), exact };
}

/** The columns of an entry as the list and the export read it, with its author. */
function withAuthors(db: Kysely<Database>) {
  return db
    .selectFrom('auditoria as a')
    .leftJoin('usuarios as u', 'u.id_usuario', 'a.id_usuario')
    .select([
      'a.id',
      'a.criado_em',
      'a.id_usuario',
      sql<string>`coalesce(u.nome, '')`.as('nome_usuario'),
      sql<string>`coalesce(u.email, '')`.as('email_usuario'),
      'a.acao',
      'a.entidade',
      'a.id_entidade',
      'a.antes',
      'a.depois',
      'a.ip',
    ]);
}

/** The authors an export's text matches (null: no text; [] none). */
export async function exportAuthors(db: Kysely<Database>, f: AuditFilter): Promise<Authors | null> {
  const { nomeLike, emailLike } = f;
  if (nomeLike === undefined || emailLike === undefined) return null;
  const found = authorsMatching(db, f.codCidade, nomeLike, emailLike);
  const ids = (await found.limit(AUTHORS_BY_ID_MAX + 1).execute()).map((r) => r.id_usuario);
  return ids.length > AUTHORS_BY_ID_MAX ? found : ids;
}

/** How many entries an export has, counted up to `cap` + 1 at most. */
export async function countForExport(
  db: Kysely<Database>,
  f: AuditFilter,
  authors: Authors | null,
  cap: number,
): Promise<number> {
  if (Array.isArray(authors) && authors.length === 0) return 0;
  const { n } = await db
    .selectFrom(
      entries(db, f, authors, 'city')
        .select('a.id')
        .limit(cap + 1)
        .as('c'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * One page of an export (issue 39): the entries after `after` in the list's order (newest
 * first), by keyset on (criado_em, id) along the city's index, so the millionth row costs what
 * the first did.
 */
export async function exportPage(
  db: Kysely<Database>,
  f: AuditFilter,
  authors: Authors | null,
  after: { criado_em: string; id: number } | undefined,
  size: number,
): Promise<AuditPage['rows']> {
  if (Array.isArray(authors) && authors.length === 0) return [];
  let q = entries(db, f, authors, 'city');
  if (after)
    q = q.where((eb) =>
      eb.or([
        eb('a.criado_em', '<', after.criado_em),
        eb.and([eb('a.criado_em', '=', after.criado_em), eb('a.id', '<', after.id)]),
      ]),
    );
  const ids = (
    await q.select('a.id').orderBy('a.criado_em', 'desc').orderBy('a.id', 'desc').limit(size).execute()
  ).map((r) => r.id);
  if (ids.length === 0) return [];
  return withAuthors(db)
    .where('a.id', 'in', ids)
    .orderBy('a.criado_em', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
}
