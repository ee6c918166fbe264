import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { entityNameHolding, holderOf } from '../entidades/holder.js';
import { couponsTable, markCouponDrawn } from '../coupons/queries.js';
import { salesTable } from '../sales/live.js';

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
    .select(['id_campanha', 'den_campanha', 'cod_cidade', 'validade_fim'])
    .where('id_campanha', '=', idCampanha)
    .executeTakeFirst();
}

/** The highest coupon number the campaign has issued (null without coupons). */
export async function highestNumber(db: Kysely<Database>, idCampanha: number): Promise<number | null> {
  const r = await db
    .selectFrom(couponsTable())
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
        .selectFrom(couponsTable('k'))
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
    .selectFrom(couponsTable('k'))
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
    .selectFrom(couponsTable('k'))
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
  instante_concurso: string;
  qtd_premios: number;
  mloja: 'S' | 'N';
  musuario: 'S' | 'N';
  criado_por: number;
  congelado_em: string;
  versao_regra: 1 | 2;
  descricao_premios: string;
  autorizacao: string | null;
  final: number;
  excecao_motivo: string | null;
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
      'a.apurada_por',
      'a.confirmada_por',
      'a.versao_regra',
      'a.instante_concurso',
      'a.excecao_motivo',
      'a.descricao_premios',
      'a.autorizacao',
      'a.final',
      'a.suspensa_em',
      'a.arquivo_assinatura',
    ]);
}

const asRow = <
  R extends {
    qtd_bilhetes: number;
    maior_numero: number;
    bilhetes_gravados: number;
    data_concurso: string;
    instante_concurso: string | null;
  },
>(
  r: R,
): R & { instante_concurso: string } => ({
  ...r,
  instante_concurso: r.instante_concurso ?? `${r.data_concurso}T22:00:00.000Z`,
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
      'tipo',
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
    .innerJoin(couponsTable('k'), 'k.id_cupom', 'w.id_cupom')
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
      'w.tipo_anulacao',
      'w.entregue_em',
      'w.id_suplente',
      'w.data_sorteio',
    ])
    .where('w.id_apuracao', 'in', ids)
    .orderBy('w.id_apuracao')
    .orderBy('w.premio')
    .orderBy('w.id_sorteado')
    .execute();
  return rows.map((r) => ({ ...r, numero: asNumber(r.numero) }));
}

export type WinnerRow = Awaited<ReturnType<typeof winnersOf>>[number];

/** Moves a scheduled apuração to another contest; false when it has a result already. */
export async function reschedule(
  trx: Kysely<Database>,
  idApuracao: number,
  v: { concurso: number; data_concurso: string; instante_concurso: string; excecao_motivo: string | null },
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
    tipo?: 'reagendamento' | 'concurso_nao_realizado';
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
    serie_inicial: string | null;
    numero_inicial: string | null;
    apurada_em: string;
    apurada_por: number;
    confirmada_por: number;
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
      .selectFrom(couponsTable('k'))
      // The prize goes to the coupon's holder as of the freeze: the file's titular.
      .innerJoin('usuarios as u', (j) => j.on('u.id_usuario', '=', holderOf('k', asOf)))
      .innerJoin('estabelecimentos as s', 's.id_estabelecimento', 'k.id_estabelecimento')
      .innerJoin(salesTable('v'), 'v.id_venda', 'k.id_venda')
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
        'k.anulado_em',
      ])
      .where('k.id_campanha', '=', idCampanha)
      .where('k.numero', '=', numero)
      .executeTakeFirst()
  );
}

/** Marks the coupon drawn unless it already is (it then stays out of later draws). */
export async function markDrawn(trx: Kysely<Database>, idCupom: number, at: string): Promise<void> {
  await markCouponDrawn(trx, idCupom, at, { live: false });
}

/** The coupon of a campaign with this number, if issued. */
export async function couponByNumber(db: Kysely<Database>, idCampanha: number, numero: number) {
  return db
    .selectFrom(couponsTable())
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
    .selectFrom(couponsTable('k'))
    .innerJoin('campanhas as c', 'c.id_campanha', 'k.id_campanha')
    .select([
      'k.id_cupom',
      'k.id_campanha',
      'c.den_campanha',
      'k.numero',
      'k.anulado_em',
      entityNameHolding('k').as('doado_para'),
    ])
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
    .select([
      'id_apuracao',
      'id_campanha',
      'concurso',
      'data_concurso',
      'status',
      'maior_numero',
      'hash_bilhetes',
    ])
    .where('id_campanha', 'in', ids)
    .orderBy('id_apuracao')
    .execute();
  return rows.map((r) => ({ ...r, maior_numero: asNumber(r.maior_numero) }));
}

/** Which of a person's coupons each apuração left out of its file: (apuração, coupon) pairs. */
export async function leftOutCouponsOf(db: Kysely<Database>, idUsuario: number) {
  return db
    .selectFrom(couponsTable('k'))
    .innerJoin('apuracoes as a', 'a.id_campanha', 'k.id_campanha')
    .innerJoin('apuracao_fora as f', (j) =>
      j.onRef('f.id_apuracao', '=', 'a.id_apuracao').onRef('f.numero', '=', 'k.numero'),
    )
    .select(['f.id_apuracao', 'k.id_cupom'])
    .where('k.id_usuario', '=', idUsuario)
    .execute();
}

/** A person's coupons that won (an apuração or an instant draw), annulled or not. */
export async function winningCouponsOf(db: Kysely<Database>, idUsuario: number) {
  return db
    .selectFrom('contemplados as w')
    .innerJoin(couponsTable('k'), 'k.id_cupom', 'w.id_cupom')
    .select(['k.id_cupom', 'w.anulado_em'])
    .where('k.id_usuario', '=', idUsuario)
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

// --- issue 49 ---------------------------------------------------------------------------------

/** The campaign's apuração not yet apurada (agendada, freezing or suspended), if any. */
export async function openApuracaoOf(db: Kysely<Database>, idCampanha: number) {
  return db
    .selectFrom('apuracoes')
    .select('id_apuracao')
    .where('id_campanha', '=', idCampanha)
    .where('status', '=', 'agendada')
    .executeTakeFirst();
}

/** Open complaints on the campaign's shops' sales (the scheduling dialog shows how many). */
export async function openComplaints(
  db: Kysely<Database>,
  idCampanha: number,
  codCidade: number,
): Promise<number> {
  const r = await db
    .selectFrom('contestacoes as t')
    .leftJoin(salesTable('v'), 'v.id_venda', 't.id_venda')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('t.status', '=', 'aberta')
    .where('t.cod_cidade', '=', codCidade)
    .where((eb) => eb.or([eb('v.id_campanha', '=', idCampanha), eb('t.id_venda', 'is', null)]))
    .executeTakeFirstOrThrow();
  return asNumber(r.n);
}

/** E-mails of the city's admins and of the super-admins (the freeze's notice, alerts). */
export async function adminsOf(db: Kysely<Database>, codCidade: number) {
  return db
    .selectFrom('usuarios')
    .select(['id_usuario', 'nome', 'email'])
    .where('removido_em', 'is', null)
    .where((eb) =>
      eb.or([eb.and([eb('admin', '=', 1), eb('cod_cidade', '=', codCidade)]), eb('superadmin', '=', 1)]),
    )
    .execute();
}

/** Which of these e-mails belong to an admin or super-admin of any city. */
export async function adminEmails(db: Kysely<Database>, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('usuarios')
    .select('email')
    .where('email', 'in', emails)
    .where((eb) => eb.or([eb('admin', '=', 1), eb('superadmin', '=', 1)]))
    .execute();
  return new Set(rows.map((r) => (r.email ?? '').toLowerCase()));
}

export async function userNames(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('usuarios')
    .select(['id_usuario', 'nome'])
    .where('id_usuario', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id_usuario, r.nome]));
}

// The two-person result.

export async function pendingEntry(db: Kysely<Database>, idApuracao: number, concurso: number) {
  return db
    .selectFrom('apuracao_lancamentos')
    .select(['id', 'premios', 'por', 'em'])
    .where('id_apuracao', '=', idApuracao)
    .where('concurso', '=', concurso)
    .executeTakeFirst();
}

export async function pendingEntries(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('apuracao_lancamentos')
    .select(['id_apuracao', 'concurso', 'por', 'em'])
    .where('id_apuracao', 'in', ids)
    .execute();
}

export async function insertEntry(
  db: Kysely<Database>,
  v: { id_apuracao: number; concurso: number; premios: string; por: number; em: string },
): Promise<void> {
  await db.insertInto('apuracao_lancamentos').values(v).execute();
}

/** Removes the entry; false when another request removed it first. */
export async function deleteEntry(db: Kysely<Database>, id: number): Promise<boolean> {
  const r = await db.deleteFrom('apuracao_lancamentos').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

// Publications.

export async function insertPublication(
  db: Kysely<Database>,
  v: {
    id_apuracao: number;
    veiculo: string;
    data_publicacao: string;
    url: string | null;
    por: number;
    em: string;
  },
): Promise<void> {
  await db.insertInto('apuracao_publicacoes').values(v).execute();
}

export async function publicationsOf(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('apuracao_publicacoes')
    .select(['id_apuracao', 'veiculo', 'data_publicacao', 'url', 'em'])
    .where('id_apuracao', 'in', ids)
    .orderBy('id')
    .execute();
}

// Substitutes.

export async function substitutesOf(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('apuracao_suplentes as s')
    .innerJoin('contemplados as w', 'w.id_sorteado', 's.id_sorteado_anulado')
    .select([
      's.id',
      's.id_apuracao',
      's.premio',
      's.id_sorteado_anulado',
      's.tipo',
      's.excluidos',
      's.concurso',
      's.data_concurso',
      's.instante_concurso',
      's.premios',
      's.id_sorteado',
      's.resolvido_em',
      'w.motivo_anulacao',
    ])
    .where('s.id_apuracao', 'in', ids)
    .orderBy('s.id')
    .execute();
}

export type SubstituteRow = Awaited<ReturnType<typeof substitutesOf>>[number];

export async function insertSubstitute(
  db: Kysely<Database>,
  v: {
    id_apuracao: number;
    premio: number;
    id_sorteado_anulado: number;
    tipo: 'nao_localizado' | 'titular_inelegivel' | 'venda_anulada';
    excluidos: string;
    concurso: number;
    data_concurso: string;
    instante_concurso: string;
    por: number | null;
    em: string;
  },
): Promise<void> {
  await db.insertInto('apuracao_suplentes').values(v).execute();
}

/** Records a substitute's contest and its ticket's winner; false when it was resolved already. */
export async function resolveSubstitute(
  db: Kysely<Database>,
  id: number,
  v: { premios: string; id_sorteado: number | null; resolvido_em: string },
): Promise<boolean> {
  const r = await db
    .updateTable('apuracao_suplentes')
    .set(v)
    .where('id', '=', id)
    .where('resolvido_em', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The coupon numbers of a sale (a voided sale's tickets leave a substitute's list). */
export async function saleNumbers(db: Kysely<Database>, idVenda: number, upTo: number): Promise<number[]> {
  const rows = await db
    .selectFrom(couponsTable())
    .select('numero')
    .where('id_venda', '=', idVenda)
    .where('numero', '<=', upTo)
    .orderBy('numero')
    .execute();
  return rows.map((r) => asNumber(r.numero));
}

/** The coupon behind a winner record, with its sale and whether it was voided. */
export async function winnerCoupon(db: Kysely<Database>, idSorteado: number) {
  const r = await db
    .selectFrom('contemplados as w')
    .innerJoin(couponsTable('k'), 'k.id_cupom', 'w.id_cupom')
    .select([
      'w.id_sorteado',
      'w.id_apuracao',
      'w.premio',
      'w.id_usuario',
      'k.id_venda',
      'k.numero',
      'k.anulado_em',
    ])
    .where('w.id_sorteado', '=', idSorteado)
    .executeTakeFirst();
  return r && { ...r, numero: asNumber(r.numero) };
}

// The stored file's integrity.

export async function setSignature(
  db: Kysely<Database>,
  idApuracao: number,
  sig: string | null,
): Promise<void> {
  await db
    .updateTable('apuracoes')
    .set({ arquivo_assinatura: sig })
    .where('id_apuracao', '=', idApuracao)
    .execute();
}

/** Marks the file suspended (first time only); true when this call did. */
export async function suspend(db: Kysely<Database>, idApuracao: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('apuracoes')
    .set({ suspensa_em: at, arquivo_assinatura: null })
    .where('id_apuracao', '=', idApuracao)
    .where('suspensa_em', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function unsuspend(db: Kysely<Database>, idApuracao: number, sig: string | null): Promise<void> {
  await db
    .updateTable('apuracoes')
    .set({ suspensa_em: null, arquivo_assinatura: sig })
    .where('id_apuracao', '=', idApuracao)
    .execute();
}

/** The city's name and the promotion's promoter (the edital and the ata). */
export async function cityOf(db: Kysely<Database>, codCidade: number) {
  return db
    .selectFrom('cidades')
    .select(['cidade', 'uf', 'promotor_nome', 'promotor_cnpj'])
    .where('cod_cidade', '=', codCidade)
    .executeTakeFirst();
}
