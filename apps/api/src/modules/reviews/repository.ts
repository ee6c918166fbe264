import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { ModerationScope } from './policy.js';

/** Approved stars of a shop, counted per number of stars. */
export function countApprovedByStars(db: Kysely<Database>, idEstabelecimento: number) {
  return db
    .selectFrom('avaliacoes')
    .select(['nro_estrelas', (eb) => eb.fn.countAll<number>().as('qtd')])
    .where('id_estabelecimento', '=', idEstabelecimento)
    .where('aprovado', '=', 'S')
    .groupBy('nro_estrelas')
    .execute();
}

export function listApproved(db: Kysely<Database>, idEstabelecimento: number, limit: number) {
  return db
    .selectFrom('avaliacoes as a')
    .leftJoin('usuarios as u', 'u.id_usuario', 'a.id_usuario')
    .select(['u.nome', 'a.datahora', 'a.den_avaliacao', 'a.den_resposta', 'a.nro_estrelas'])
    .where('a.id_estabelecimento', '=', idEstabelecimento)
    .where('a.aprovado', '=', 'S')
    .orderBy('a.datahora', 'desc')
    .orderBy('a.id_avaliacao', 'desc')
    .limit(limit)
    .execute();
}

export async function insertReview(
  db: Kysely<Database>,
  r: {
    id_estabelecimento: number;
    id_usuario: number;
    nro_estrelas: number;
    den_avaliacao: string;
    datahora: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('avaliacoes')
    .values({ ...r, aprovado: 'N', den_resposta: '' })
    .returning('id_avaliacao')
    .executeTakeFirstOrThrow();
  return row.id_avaliacao;
}

const moderationColumns = [
  'a.id_avaliacao',
  'a.id_estabelecimento',
  'a.id_usuario',
  'e.nome as nome_estabelecimento',
  'e.cod_cidade',
  'u.nome',
  'a.datahora',
  'a.den_avaliacao',
  'a.den_resposta',
  'a.nro_estrelas',
  'a.aprovado',
] as const;

function moderationBase(db: Kysely<Database>) {
  return db
    .selectFrom('avaliacoes as a')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'a.id_estabelecimento')
    .leftJoin('usuarios as u', 'u.id_usuario', 'a.id_usuario');
}

export function findForModeration(db: Kysely<Database>, idAvaliacao: number) {
  return moderationBase(db)
    .select(moderationColumns)
    .where('a.id_avaliacao', '=', idAvaliacao)
    .executeTakeFirst();
}

export type ModerationRow = NonNullable<Awaited<ReturnType<typeof findForModeration>>>;

interface ModerationFilter {
  aprovado: 'S' | 'N';
  idEstabelecimento?: number;
  scope?: ModerationScope;
}

function filtered(db: Kysely<Database>, f: ModerationFilter) {
  let q = moderationBase(db).where('a.aprovado', '=', f.aprovado);
  if (f.idEstabelecimento !== undefined) q = q.where('a.id_estabelecimento', '=', f.idEstabelecimento);
  const scope = f.scope;
  if (scope && !scope.all) {
    q = q.where((eb) => {
      const ors = [];
      if (scope.shops.length) ors.push(eb('a.id_estabelecimento', 'in', scope.shops));
      if (scope.codCidade !== undefined) ors.push(eb('e.cod_cidade', '=', scope.codCidade));
      return ors.length ? eb.or(ors) : eb.val(false);
    });
  } else if (scope?.codCidade !== undefined) {
    q = q.where('e.cod_cidade', '=', scope.codCidade);
  }
  return q;
}

export async function listForModeration(
  db: Kysely<Database>,
  f: ModerationFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: ModerationRow[]; total: number }> {
  const { total } = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, f)
    .select(moderationColumns)
    .orderBy('a.datahora')
    .orderBy('a.id_avaliacao')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { rows, total: Number(total) };
}

/** Moves a review from `from` to `to`; answers whether it moved (false when already there). */
export async function setApproval(
  db: Kysely<Database>,
  idAvaliacao: number,
  from: 'S' | 'N',
  to: 'S' | 'N',
  by: number,
  at: string,
): Promise<boolean> {
  const r = await db
    .updateTable('avaliacoes')
    .set({ aprovado: to, aprovado_em: to === 'S' ? at : null, aprovado_por: to === 'S' ? by : null })
    .where('id_avaliacao', '=', idAvaliacao)
    .where('aprovado', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setAnswer(db: Kysely<Database>, idAvaliacao: number, resposta: string): Promise<void> {
  await db
    .updateTable('avaliacoes')
    .set({ den_resposta: resposta })
    .where('id_avaliacao', '=', idAvaliacao)
    .execute();
}

/** Deletes a review and answers what it was, or undefined when someone deleted it first. */
export function deleteReview(db: Kysely<Database>, idAvaliacao: number) {
  return db
    .deleteFrom('avaliacoes')
    .where('id_avaliacao', '=', idAvaliacao)
    .returning(['aprovado', 'nro_estrelas', 'id_estabelecimento'])
    .executeTakeFirst();
}
