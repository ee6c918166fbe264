import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { holderOf } from '../entidades/holder.js';

/**
 * SQL of the apurações (issue 36). A coupon is in an apuração's frozen ticket file exactly when
 * its number is ≤ `maior_numero` and it is not in `apuracao_fora`, so every question about a
 * number ("is it in?", "which of mine are in?") is a probe of that short list, never a read of
 * the file.
 */

const asNumber = (v: number | string | bigint): number => Number(v);

export async function findCampaign(db: Kysely<Database>, idCampanha: number) {
  return db
    .selectFrom('campanhas')
    .select(['id_campanha', 'den_campanha', 'cod_cidade'])
    .where('id_campanha', '=', idCampanha)
    .executeTakeFirst();
}

/** The highest coupon number the campaign has issued (null without coupons). */
export async function highestNumber(db: Kysely<Database>, idCampanha: number): Promise<number | null> {
  const r = await db
    .selectFrom('cupons')
    .select('numero')
    .where('id_campanha', '=', idCampanha)
    .orderBy('numero', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r ? asNumber(r.numero) : null;
}

/**
 * Whose coupons the file names: with entity holders (issue 40) each coupon's holder as of the
 * freeze (`asOf`), else its earner, read directly.
 */
export interface Holders {
  porTitular: boolean;
  asOf: string;
}

/**
 * The tickets of a new apuração, fixed at this instant (decision 046): every coupon of the
 * campaign numbered up to `upTo` that is voided, drawn or held by a person whose account was removed
 * goes into `apuracao_fora` (the instant draw's eligibility, without its per-draw options), in
 * one statement; the others are the file's tickets. Answers how many those are.
 */
export async function fixTickets(
  trx: Kysely<Database>,
  o: { idApuracao: number; idCampanha: number; upTo: number; titulares: Holders },
): Promise<number> {
  await trx
    .insertInto('apuracao_fora')
    .columns(['id_apuracao', 'numero'])
    .expression((eb) =>
      eb
        .selectFrom('cupons as k')
        .select([eb.val(o.idApuracao).as('id_apuracao'), 'k.numero'])
        .where('k.id_campanha', '=', o.idCampanha)
        .where('k.numero', '<=', o.upTo)
        .where((w) =>
          w.or([
            w('k.anulado_em', 'is not', null),
            w('k.sorteado_em', 'is not', null),
            w.exists(
              w
                .selectFrom('usuarios as r')
                .select('r.id_usuario')
                .where((eb) =>
                  o.titulares.porTitular
                    ? eb('r.id_usuario', '=', holderOf('k', o.titulares.asOf))
                    : eb('r.id_usuario', '=', eb.ref('k.id_usuario')),
                )
                .where('r.removido_em', 'is not', null),
            ),
          ]),
        ),
    )
    .execute();
  const r = await trx
    .selectFrom('cupons as k')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('k.id_campanha', '=', o.idCampanha)
    .where('k.numero', '<=', o.upTo)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('apuracao_fora as f')
            .select('f.numero')
            .where('f.id_apuracao', '=', o.idApuracao)
            .whereRef('f.numero', '=', 'k.numero'),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return asNumber(r.n);
}

/**
 * Up to `limit` tickets of the apuração's file numbered in (`after`, `upTo`], by number: the
 * campaign's coupons that `fixTickets` did not leave out, so a re-run reads the very same ones.
 */
export async function frozenBatch(
  db: Kysely<Database>,
  o: { idApuracao: number; idCampanha: number; upTo: number; titulares: Holders },
  after: number,
  limit: number,
) {
  const rows = await db
    .selectFrom('cupons as k')
    .select((eb) => [
      'k.numero',
      o.titulares.porTitular
        ? holderOf('k', o.titulares.asOf).as('id_usuario')
        : eb.ref('k.id_usuario').as('id_usuario'),
      'k.id_estabelecimento',
    ])
    .where('k.id_campanha', '=', o.idCampanha)
    .where('k.numero', '>', after)
    .where('k.numero', '<=', o.upTo)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('apuracao_fora as f')
            .select('f.numero')
            .where('f.id_apuracao', '=', o.idApuracao)
            .whereRef('f.numero', '=', 'k.numero'),
        ),
      ),
    )
    .orderBy('k.numero')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, numero: asNumber(r.numero) }));
}

export interface NewApuracao {
  id_campanha: number;
  concurso: number;
  data_concurso: string;
  qtd_premios: number;
  mloja: 'S' | 'N';
  musuario: 'S' | 'N';
  criado_por: number;
  congelado_em: string;
}

/** The apuração's row, before its file is written (the file's pseudonyms need its id). */
export async function insertApuracao(trx: Kysely<Database>, v: NewApuracao): Promise<number> {
  const row = await trx
    .insertInto('apuracoes')
    .values({ ...v, hash_bilhetes: '', qtd_bilhetes: 0, maior_numero: 0, arquivo: '' })
    .returning('id_apuracao')
    .executeTakeFirstOrThrow();
  return row.id_apuracao;
}

/** The tickets the freezing job wrote so far. */
export async function setProgress(db: Kysely<Database>, idApuracao: number, n: number): Promise<void> {
  await db
    .updateTable('apuracoes')
    .set({ bilhetes_gravados: n })
    .where('id_apuracao', '=', idApuracao)
    .where('hash_bilhetes', '=', '')
    .execute();
}

/** Publishes the frozen file's hash; false when another run did first. */
export async function setFrozenFile(
  trx: Kysely<Database>,
  idApuracao: number,
  v: { hash_bilhetes: string; arquivo: string; bilhetes_gravados: number },
): Promise<boolean> {
  const r = await trx
    .updateTable('apuracoes')
    .set(v)
    .where('id_apuracao', '=', idApuracao)
    .where('hash_bilhetes', '=', '')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Fixes which tickets a new apuração holds (with `fixTickets`). */
export async function setTickets(
  trx: Kysely<Database>,
  idApuracao: number,
  v: { qtd_bilhetes: number; maior_numero: number },
): Promise<void> {
  await trx.updateTable('apuracoes').set(v).where('id_apuracao', '=', idApuracao).execute();
}

/** One apuração with its campaign. */
export async function findApuracao(db: Kysely<Database>, idApuracao: number) {
  const r = await apuracoes(db).where('a.id_apuracao', '=', idApuracao).executeTakeFirst();
  return r && asRow(r);
}

/** A city's apurações, the latest contest first. */
export async function listByCity(db: Kysely<Database>, codCidade: number, limit: number) {
  const rows = await apuracoes(db)
    .where('c.cod_cidade', '=', codCidade)
    .orderBy('a.data_concurso', 'desc')
    .orderBy('a.id_apuracao', 'desc')
    .limit(limit)
    .execute();
  return rows.map(asRow);
}

function apuracoes(db: Kysely<Database>) {
  return db
    .selectFrom('apuracoes as a')
    .innerJoin('campanhas as c', 'c.id_campanha', 'a.id_campanha')
    .select([
      'a.id_apuracao',
      'a.id_campanha',
      'c.den_campanha',
      'c.cod_cidade',
      'a.concurso',
      'a.data_concurso',
      'a.qtd_premios',
      'a.mloja',
      'a.musuario',
      'a.status',
      'a.hash_bilhetes',
      'a.qtd_bilhetes',
      'a.maior_numero',
      'a.arquivo',
      'a.bilhetes_gravados',
      'a.congelado_em',
      'a.premios',
      'a.serie_inicial',
      'a.numero_inicial',
      'a.apurada_em',
    ]);
}

const asRow = <R extends { qtd_bilhetes: number; maior_numero: number; bilhetes_gravados: number }>(
  r: R,
): R => ({
  ...r,
  qtd_bilhetes: asNumber(r.qtd_bilhetes),
  bilhetes_gravados: asNumber(r.bilhetes_gravados),
  maior_numero: asNumber(r.maior_numero),
});

export type ApuracaoRow = NonNullable<Awaited<ReturnType<typeof findApuracao>>>;

/** Every move of these apurações to another contest, oldest first. */
export function reschedulesOf(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('apuracao_reagendamentos')
    .select([
      'id_apuracao',
      'em',
      'concurso_anterior',
      'data_anterior',
      'concurso',
      'data_concurso',
      'motivo',
    ])
    .where('id_apuracao', 'in', ids)
    .orderBy('id')
    .execute();
}

/** The winners of these apurações, by apuração and prize. */
export async function winnersOf(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('contemplados as w')
    .innerJoin('cupons as k', 'k.id_cupom', 'w.id_cupom')
    .innerJoin('estabelecimentos as s', 's.id_estabelecimento', 'k.id_estabelecimento')
    .select([
      'w.id_sorteado',
      'w.id_apuracao',
      'w.premio',
      'w.id_usuario',
      'w.nome_sorteado',
      'k.numero',
      'k.id_estabelecimento',
      's.nome as nome_estabelecimento',
      'w.anulado_em',
      'w.motivo_anulacao',
      'w.entregue_em',
    ])
    .where('w.id_apuracao', 'in', ids)
    .orderBy('w.id_apuracao')
    .orderBy('w.premio')
    .execute();
  return rows.map((r) => ({ ...r, numero: asNumber(r.numero) }));
}

export type WinnerRow = Awaited<ReturnType<typeof winnersOf>>[number];

/** Moves a scheduled apuração to another contest; false when it has a result already. */
export async function reschedule(
  trx: Kysely<Database>,
  idApuracao: number,
  v: { concurso: number; data_concurso: string },
): Promise<boolean> {
  const r = await trx
    .updateTable('apuracoes')
    .set(v)
    .where('id_apuracao', '=', idApuracao)
    .where('status', '=', 'agendada')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function insertReschedule(
  trx: Kysely<Database>,
  v: {
    id_apuracao: number;
    concurso_anterior: number;
    data_anterior: string;
    concurso: number;
    data_concurso: string;
    motivo: string | null;
    por: number;
  },
): Promise<void> {
  await trx.insertInto('apuracao_reagendamentos').values(v).execute();
}

/**
 * Records the result on a scheduled apuração; false when another result got there first (the
 * one guard that lets exactly one of many simultaneous results through).
 */
export async function markApurada(
  trx: Kysely<Database>,
  idApuracao: number,
  v: {
    premios: string;
    serie_inicial: string;
    numero_inicial: string;
    apurada_em: string;
    apurada_por: number;
  },
): Promise<boolean> {
  const r = await trx
    .updateTable('apuracoes')
    .set({ ...v, status: 'apurada' })
    .where('id_apuracao', '=', idApuracao)
    .where('status', '=', 'agendada')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** What a winner's row needs from the coupon of this number: owner, shop, sale and its seller. */
export async function couponForWinner(
  trx: Kysely<Database>,
  idCampanha: number,
  numero: number,
  asOf: string,
) {
  return (
    trx
      .selectFrom('cupons as k')
      // The prize goes to the coupon's holder as of the freeze: the file's titular.
      .innerJoin('usuarios as u', (j) => j.on('u.id_usuario', '=', holderOf('k', asOf)))
      .innerJoin('estabelecimentos as s', 's.id_estabelecimento', 'k.id_estabelecimento')
      .innerJoin('vendas as v', 'v.id_venda', 'k.id_venda')
      .leftJoin('vendedores as d', 'd.id_vendedor', 'v.id_vendedor')
      .select([
        'k.id_cupom',
        'u.id_usuario',
        'u.nome as nome_usuario',
        'k.id_estabelecimento',
        's.nome as nome_estabelecimento',
        'k.id_venda',
        'v.id_vendedor',
        'd.nome_vendedor',
      ])
      .where('k.id_campanha', '=', idCampanha)
      .where('k.numero', '=', numero)
      .executeTakeFirst()
  );
}

/** Marks the coupon drawn unless it already is (it then stays out of later draws). */
export async function markDrawn(trx: Kysely<Database>, idCupom: number, at: string): Promise<void> {
  await trx
    .updateTable('cupons')
    .set({ sorteado_em: at })
    .where('id_cupom', '=', idCupom)
    .where('sorteado_em', 'is', null)
    .execute();
}

/** The coupon of a campaign with this number, if issued. */
export async function couponByNumber(db: Kysely<Database>, idCampanha: number, numero: number) {
  return db
    .selectFrom('cupons')
    .select('id_cupom')
    .where('id_campanha', '=', idCampanha)
    .where('numero', '=', numero)
    .executeTakeFirst();
}

export async function isLeftOut(db: Kysely<Database>, idApuracao: number, numero: number): Promise<boolean> {
  const r = await db
    .selectFrom('apuracao_fora')
    .select('numero')
    .where('id_apuracao', '=', idApuracao)
    .where('numero', '=', numero)
    .executeTakeFirst();
  return r !== undefined;
}

/** The prize this coupon won in the apuração, unless annulled. */
export async function prizeOf(db: Kysely<Database>, idApuracao: number, idCupom: number) {
  return db
    .selectFrom('contemplados')
    .select('premio')
    .where('id_apuracao', '=', idApuracao)
    .where('id_cupom', '=', idCupom)
    .where('anulado_em', 'is', null)
    .executeTakeFirst();
}

/** A person's coupons with their campaigns, the latest campaign first, by number. */
export async function couponsOf(db: Kysely<Database>, idUsuario: number) {
  const rows = await db
    .selectFrom('cupons as k')
    .innerJoin('campanhas as c', 'c.id_campanha', 'k.id_campanha')
    .select(['k.id_cupom', 'k.id_campanha', 'c.den_campanha', 'k.numero', 'k.anulado_em'])
    .where('k.id_usuario', '=', idUsuario)
    .orderBy('k.id_campanha', 'desc')
    .orderBy('k.numero')
    .execute();
  return rows.map((r) => ({ ...r, numero: asNumber(r.numero) }));
}

/** The apurações of these campaigns, oldest first. */
export async function apuracoesOfCampaigns(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('apuracoes')
    .select(['id_apuracao', 'id_campanha', 'concurso', 'status', 'maior_numero'])
    .where('id_campanha', 'in', ids)
    .orderBy('id_apuracao')
    .execute();
  return rows.map((r) => ({ ...r, maior_numero: asNumber(r.maior_numero) }));
}

/** Which of a person's coupons each apuração left out of its file: (apuração, coupon) pairs. */
export async function leftOutCouponsOf(db: Kysely<Database>, idUsuario: number) {
  return db
    .selectFrom('cupons as k')
    .innerJoin('apuracoes as a', 'a.id_campanha', 'k.id_campanha')
    .innerJoin('apuracao_fora as f', (j) =>
      j.onRef('f.id_apuracao', '=', 'a.id_apuracao').onRef('f.numero', '=', 'k.numero'),
    )
    .select(['f.id_apuracao', 'k.id_cupom'])
    .where('k.id_usuario', '=', idUsuario)
    .execute();
}

/** A person's coupons that won (an apuração or an instant draw) and were not annulled. */
export async function winningCouponsOf(db: Kysely<Database>, idUsuario: number) {
  return db
    .selectFrom('contemplados as w')
    .innerJoin('cupons as k', 'k.id_cupom', 'w.id_cupom')
    .select('k.id_cupom')
    .where('k.id_usuario', '=', idUsuario)
    .where('w.anulado_em', 'is', null)
    .execute();
}

/** Name and e-mail of people still in the programme (the winners' e-mail). */
export async function contactsOf(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('usuarios')
    .select(['id_usuario', 'nome', 'email'])
    .where('id_usuario', 'in', ids)
    .where('removido_em', 'is', null)
    .where('email', 'is not', null)
    .$narrowType<{ email: string }>()
    .execute();
}
