import type { AcaoAuditada } from '@praca/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { DEFAULT_SELLER_ID, MSG_ADMIN, MSG_APURACAO, MSG_CONTEUDO, MSG_SORTEIO } from '@praca/contract';
import { WINNER_PHOTOS_MAX, isRealDay } from '@praca/contract';
import type { ContempladoAdmin, ContempladoDados, ContempladosQuery, TipoAnulacao } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { listSearch, pageWindow, type AdminDeps, type Page, type Written } from '../shared/admin.js';
import { nowIso, today } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import type { AuthUser } from '../auth/types.js';
import { recordAudit } from '../audit/service.js';
import { checkAdminCity, recordInAdminCity, requestedAdminCity } from '../cities/admin-scope.js';
import * as establishments from '../establishments/service.js';
import { adminEditor, type Actor } from '../shared/admin-crud.js';
import * as repo from './admin-repository.js';
import { presentWinner, winnerSnapshot, winnerValues } from './presenter.js';
import { listPhotos } from './repository.js';
import { transaction } from '../../db/index.js';

/** The drawn coupon as the draws read it: its holder, shop, sale and seller. */
export interface DrawnCoupon {
  id_cupom: number;
  id_usuario: number;
  nome_usuario: string;
  id_estabelecimento: number;
  id_venda: number;
  id_vendedor: number | null;
  nome_vendedor: string | null;
}

/**
 * A winner a draw chose (an instant draw, or an apuração's prize), written from the drawn coupon
 * inside the draw's own transaction; the draw keeps its record and the coupon's state.
 */
export const recordDrawnWinner = (
  trx: Kysely<Database>,
  k: DrawnCoupon,
  draw: {
    id_campanha: number;
    data_sorteio: string;
    id_apuracao?: number;
    premio?: number;
    id_suplente?: number;
  },
  at: string,
): Promise<number> =>
  repo.insertWinner(
    trx,
    {
      ...draw,
      id_cupom: k.id_cupom,
      id_usuario: k.id_usuario,
      id_estabelecimento: k.id_estabelecimento,
      id_venda: k.id_venda,
      id_vendedor: k.id_vendedor,
      nome_vendedor: k.nome_vendedor ?? '',
      nome_sorteado: k.nome_usuario,
    },
    at,
  );

/** The message of DataSchema (contract common.ts), for an impossible date such as 2026-02-30. */
export const DATA_INVALIDA = MSG_CONTEUDO.dataInvalida;
export const CONTEMPLADO_EXCLUIDO = 'Contemplado excluído';
export const CONTEMPLADO_ANULADO = 'Contemplado anulado';
export const PREMIO_ENTREGUE = 'Prêmio marcado como entregue';

const winners = adminEditor<repo.StoredWinner>({
  entidade: 'contemplado',
  naoEncontrado: MSG_SORTEIO.contempladoNaoEncontrado,
  excluido: CONTEMPLADO_EXCLUIDO,
  lock: repo.lockWinner,
});

// --- rules -----------------------------------------------------------------------------------

function checkDay(d: string): void {
  if (!isRealDay(d)) throw new HttpError(400, DATA_INVALIDA);
}

/** 'Sem Vendedor' on the wire: 99, 0 or nothing. */
const isNoSeller = (id: number | null | undefined): boolean =>
  id === undefined || id === null || id === 0 || id === DEFAULT_SELLER_ID;

/**
 * The photo list a body sends, or undefined when it sends none: `fotos`, else `images`
 * (strings or `{url_foto}` in either), blanks dropped, order kept. When both are sent `fotos`
 * wins. The contract already caps each at 10; checked again after the merge.
 */
function photosOf(body: ContempladoDados): string[] | undefined {
  const sent = body.fotos ?? body.images;
  if (sent === undefined) return undefined;
  const urls = sent.map((f) => (typeof f === 'string' ? f : f.url_foto)).filter((u) => u !== '');
  if (urls.length > WINNER_PHOTOS_MAX) throw new HttpError(400, MSG_SORTEIO.fotosDemais);
  return urls;
}

async function campaignOf(db: Kysely<Database>, user: AuthUser, idCampanha: number) {
  const c = await repo.findCampaign(db, idCampanha);
  if (!c) throw new HttpError(400, MSG_ADMIN.campanhaNaoEncontrada);
  checkAdminCity(user, c.cod_cidade);
  return c;
}

/**
 * A coupon (by its number in the campaign) that may become this winner's: it exists (400),
 * is not voided (409), and neither a draw nor another winner has it (409).
 */
async function couponToLink(
  db: Kysely<Database>,
  idCampanha: number,
  numero: number,
  idSorteado?: number,
): Promise<repo.CouponRow> {
  const k = await repo.findCouponByNumber(db, idCampanha, numero);
  if (!k) throw new HttpError(400, MSG_SORTEIO.cupomNaoEncontrado);
  if (k.anulado_em !== null) throw new HttpError(409, MSG_SORTEIO.cupomAnulado);
  if (k.sorteado_em !== null || (await repo.couponLinkedElsewhere(db, k.id_cupom, idSorteado))) {
    throw new HttpError(409, MSG_SORTEIO.cupomJaSorteado);
  }
  return k;
}

/**
 * Holds the coupon in the transaction while it is live; a sale edit that voided it, or another
 * winner linked to it, since it was checked answers 409. A winner made by hand never sets `sorteado_em` (issue 49): the coupon
 * stays in later draws and apurações' files, only a draw's own win takes a ticket out.
 */
async function claim(trx: Kysely<Database>, k: repo.CouponRow, idSorteado?: number): Promise<void> {
  if (!(await repo.holdLiveCoupon(trx, k.id_cupom))) throw new HttpError(409, MSG_SORTEIO.cupomAnulado);
  // Held now: another admin linking it at the same moment committed first, or waits for us.
  if (await repo.couponLinkedElsewhere(trx, k.id_cupom, idSorteado)) {
    throw new HttpError(409, MSG_SORTEIO.cupomJaSorteado);
  }
}

async function checkUser(
  db: Kysely<Database>,
  idUsuario: number,
  campaign: { id_campanha: number; cod_cidade: number },
) {
  const u = await repo.findUser(db, idUsuario, campaign);
  if (!u) throw new HttpError(400, MSG_SORTEIO.usuarioNaoEncontrado);
  return u;
}

async function checkShop(db: Kysely<Database>, idEstabelecimento: number, codCidade: number): Promise<void> {
  const shop = await establishments.findShopBrief(db, idEstabelecimento);
  if (!shop || shop.cod_cidade !== codCidade) {
    throw new HttpError(400, MSG_SORTEIO.estabelecimentoForaDaCampanha);
  }
}

/**
 * The seller to store: none for 'Sem Vendedor' (null and ''), else a seller of the winner's
 * shop (400 otherwise), whose name is copied so the record keeps it if the seller goes.
 */
async function sellerOf(
  db: Kysely<Database>,
  idVendedor: number | null | undefined,
  idEstabelecimento: number | null,
): Promise<{ id_vendedor: number | null; nome_vendedor: string }> {
  if (isNoSeller(idVendedor)) return { id_vendedor: null, nome_vendedor: '' };
  const s = await establishments.findSeller(db, Number(idVendedor));
  if (!s || idEstabelecimento === null || s.id_estabelecimento !== idEstabelecimento) {
    throw new HttpError(400, MSG_SORTEIO.vendedorDeOutraLoja);
  }
  return { id_vendedor: s.id_vendedor, nome_vendedor: s.nome_vendedor };
}

// --- reads -----------------------------------------------------------------------------------

async function withPhotos(db: Kysely<Database>, row: repo.WinnerRow): Promise<ContempladoAdmin> {
  const fotos = await listPhotos(db, [row.id_sorteado]);
  return presentWinner(
    row,
    fotos.map((f) => f.url_foto),
  );
}

/** The answer of a write, read back inside its transaction. */
async function answerOf(db: Kysely<Database>, idSorteado: number): Promise<ContempladoAdmin> {
  const row = await repo.findWinner(db, idSorteado);
  if (!row) throw new Error(`contemplado ${idSorteado} não encontrado`);
  return withPhotos(db, row);
}

/**
 * The winners of a city's campaigns (or of one, `id_campanha`), newest draw date first, one
 * page; `q` finds a winner's name or a campaign's description (case-insensitive, `%` and `_`
 * literal).
 */
export async function list(
  db: Kysely<Database>,
  user: AuthUser,
  query: z.output<typeof ContempladosQuery>,
): Promise<Page<ContempladoAdmin>> {
  const codCidade = requestedAdminCity(user, query);
  const { rows, total } = await repo.listByCity(
    db,
    {
      codCidade,
      idCampanha: query.id_campanha ? query.id_campanha : undefined,
      like: listSearch(query.q).like,
    },
    pageWindow(query),
  );
  const fotos = await listPhotos(
    db,
    rows.map((r) => r.id_sorteado),
  );
  const itens = rows.map((r) =>
    presentWinner(
      r,
      fotos.filter((f) => f.id_sorteado === r.id_sorteado).map((f) => f.url_foto),
    ),
  );
  return { itens, total };
}

/** One winner: 404 when there is none, 403 when its campaign is of another city. */
export async function getOne(
  db: Kysely<Database>,
  user: AuthUser,
  idSorteado: number,
): Promise<ContempladoAdmin> {
  const row = await repo.findWinner(db, idSorteado);
  return withPhotos(db, winners.one(user, row));
}

// --- writes ----------------------------------------------------------------------------------

/** The number of the coupon a stored winner is linked to, or null. */
const couponNumber = (w: repo.StoredWinner): number | null =>
  w.numero_cupom === null ? null : Number(w.numero_cupom);

const urlsOf = async (db: Kysely<Database>, idSorteado: number) =>
  (await listPhotos(db, [idSorteado])).map((f) => f.url_foto);

/**
 * Records a winner by hand (spec §7 POST). With `id_sorteio` (a coupon number of the
 * campaign) the participant, shop and sale come from the coupon, the name defaults to the
 * participant's, and the coupon is marked drawn in the same transaction, so it leaves future
 * draws. Without it the admin may name a participant and a shop of the campaign's city.
 * The seller's name is always the stored seller's (a `nome_vendedor` in the body is ignored).
 */
export async function create(deps: AdminDeps, actor: Actor, body: ContempladoDados) {
  if (body.id_campanha === undefined) throw new HttpError(400, MSG_SORTEIO.campanhaObrigatoria);
  const campaign = await campaignOf(deps.db, actor.user, body.id_campanha);
  const dataSorteio = body.data_sorteio ?? today();
  checkDay(dataSorteio);
  const fotos = photosOf(body) ?? [];

  return winners.create(deps, actor, campaign.cod_cidade, async (trx, at) => {
    let coupon: repo.CouponRow | null = null;
    let participant: { id_usuario: number; nome: string } | null = null;
    let idEstabelecimento: number | null = null;
    if (body.id_sorteio != null) {
      coupon = await couponToLink(trx, campaign.id_campanha, body.id_sorteio);
      participant = {
        id_usuario: coupon.id_usuario,
        nome: coupon.removido_em === null ? coupon.nome : '',
      };
      idEstabelecimento = coupon.id_estabelecimento;
    } else {
      if (body.id_usuario != null) participant = await checkUser(trx, body.id_usuario, campaign);
      if (body.id_estabelecimento != null) {
        await checkShop(trx, body.id_estabelecimento, campaign.cod_cidade);
        idEstabelecimento = body.id_estabelecimento;
      }
    }
    const nome = body.nome_sorteado ?? participant?.nome ?? '';
    if (nome.trim() === '') throw new HttpError(400, MSG_SORTEIO.nomeObrigatorio);
    const values: repo.WinnerValues = {
      id_campanha: campaign.id_campanha,
      id_cupom: coupon?.id_cupom ?? null,
      id_usuario: participant?.id_usuario ?? null,
      id_estabelecimento: idEstabelecimento,
      id_venda: coupon?.id_venda ?? null,
      ...(await sellerOf(trx, body.id_vendedor, idEstabelecimento)),
      nome_sorteado: nome,
      data_sorteio: dataSorteio,
    };
    if (coupon) await claim(trx, coupon);
    const id = await repo.insertWinner(trx, values, at);
    await repo.replacePhotos(trx, id, fotos);
    return {
      id,
      depois: winnerSnapshot(values, coupon ? Number(coupon.numero) : null, fotos),
      resposta: await answerOf(trx, id),
    };
  });
}

/**
 * Changes only what is sent (spec §7 PATCH); `fotos`/`images`, when sent, is the whole list.
 *
 * The coupon: `id_sorteio` re-links the winner to another coupon of the campaign (participant,
 * shop and sale then come from it, and the name too unless sent); `null` or 0 unlinks it. The
 * coupon left behind goes back to future draws only when no draw record points at it: a coupon
 * a real draw picked stays drawn, since the draw's audit trail names it. Moving the winner to
 * another campaign needs a coupon of that campaign (or none), and a plain admin may only name a
 * campaign of its own city (403).
 *
 * While a coupon is linked, `id_usuario` and `id_estabelecimento` in the body are ignored:
 * they are the coupon's. The seller is checked again when sent or when the shop changes; an
 * unchanged seller keeps its stored name even if the seller was deleted since.
 */
export async function update(deps: AdminDeps, actor: Actor, idSorteado: number, body: ContempladoDados) {
  const { user } = actor;
  if (body.data_sorteio !== undefined) checkDay(body.data_sorteio);
  const fotos = photosOf(body);

  return winners.update(deps, actor, idSorteado, async (trx, old, at) => {
    const campaign =
      body.id_campanha !== undefined && body.id_campanha !== old.id_campanha
        ? await campaignOf(trx, user, body.id_campanha)
        : { id_campanha: old.id_campanha, cod_cidade: old.cod_cidade };
    const campaignChanged = campaign.id_campanha !== old.id_campanha;

    // The coupon after the change: the one sent (by number in the campaign), or the one kept.
    let coupon: repo.CouponRow | null = null;
    let idCupom: number | null = old.id_cupom;
    let numeroCupom: number | null = couponNumber(old);
    if (body.id_sorteio !== undefined) {
      if (body.id_sorteio === null) {
        idCupom = null;
        numeroCupom = null;
      } else if (campaignChanged || body.id_sorteio !== numeroCupom) {
        coupon = await couponToLink(trx, campaign.id_campanha, body.id_sorteio, idSorteado);
        idCupom = coupon.id_cupom;
        numeroCupom = Number(coupon.numero);
      }
    } else if (campaignChanged && old.id_cupom !== null) {
      // The kept coupon is of the old campaign.
      throw new HttpError(400, MSG_SORTEIO.cupomNaoEncontrado);
    }
    const couponChanged = idCupom !== old.id_cupom;
    // No hidden re-draws (issue 36): whom a draw chose is annulled in the open, never moved.
    const whoChanged =
      couponChanged ||
      campaignChanged ||
      (body.id_usuario !== undefined && body.id_usuario !== old.id_usuario) ||
      (body.id_estabelecimento !== undefined && body.id_estabelecimento !== old.id_estabelecimento);
    if (whoChanged && (await repo.cameFromDraw(trx, old)))
      throw new HttpError(409, MSG_APURACAO.sorteadoNaoMuda);

    let idUsuario = old.id_usuario;
    let idEstabelecimento = old.id_estabelecimento;
    let idVenda = old.id_venda;
    let defaultName: string | undefined;
    if (coupon) {
      idUsuario = coupon.id_usuario;
      idEstabelecimento = coupon.id_estabelecimento;
      idVenda = coupon.id_venda;
      defaultName = coupon.removido_em === null ? coupon.nome : '';
    } else if (idCupom === null) {
      // No coupon: the sale only ever came from one; the admin names participant and shop.
      idVenda = null;
      if (body.id_usuario !== undefined && body.id_usuario !== old.id_usuario) {
        idUsuario = body.id_usuario;
        if (idUsuario !== null) defaultName = (await checkUser(trx, idUsuario, campaign)).nome;
      } else if (campaignChanged && idUsuario !== null) {
        // The person kept must be one the new campaign may name.
        await checkUser(trx, idUsuario, campaign);
      }
      if (body.id_estabelecimento !== undefined) idEstabelecimento = body.id_estabelecimento;
      if (idEstabelecimento !== null && (idEstabelecimento !== old.id_estabelecimento || campaignChanged)) {
        await checkShop(trx, idEstabelecimento, campaign.cod_cidade);
      }
    }
    const nome = body.nome_sorteado ?? defaultName ?? old.nome_sorteado;
    if (nome.trim() === '') throw new HttpError(400, MSG_SORTEIO.nomeObrigatorio);

    // The seller: checked when it changes or the shop does; kept as stored otherwise.
    const shopChanged = idEstabelecimento !== old.id_estabelecimento;
    const wantedSeller =
      body.id_vendedor === undefined
        ? old.id_vendedor
        : isNoSeller(body.id_vendedor)
          ? null
          : body.id_vendedor;
    const seller =
      wantedSeller === old.id_vendedor && !shopChanged
        ? { id_vendedor: old.id_vendedor, nome_vendedor: old.nome_vendedor }
        : await sellerOf(trx, wantedSeller, idEstabelecimento);

    const values: repo.WinnerValues = {
      id_campanha: campaign.id_campanha,
      id_cupom: idCupom,
      id_usuario: idUsuario,
      id_estabelecimento: idEstabelecimento,
      id_venda: idVenda,
      ...seller,
      nome_sorteado: nome,
      data_sorteio: body.data_sorteio ?? old.data_sorteio,
    };

    if (couponChanged) {
      if (coupon) await claim(trx, coupon, idSorteado);
      if (old.id_cupom !== null) await repo.releaseCoupon(trx, old.id_cupom, idSorteado);
    }
    const fotosAntes = await urlsOf(trx, idSorteado);
    await repo.updateWinner(trx, idSorteado, values, at);
    if (fotos !== undefined) await repo.replacePhotos(trx, idSorteado, fotos);
    return {
      antes: winnerSnapshot(winnerValues(old), couponNumber(old), fotosAntes),
      depois: winnerSnapshot(values, numeroCupom, fotos ?? fotosAntes),
      cod_cidade: campaign.cod_cidade,
      resposta: await answerOf(trx, idSorteado),
    };
  });
}

/**
 * Deletes a winner recorded by hand, with its photos; a coupon it was linked to goes back to
 * future draws. A winner a draw chose (an instant draw's record points at it, or it came from
 * an apuração) is never deleted (409): deleting it would let the coupon's holder vanish and the
 * draw be made again unseen; it is annulled instead, with its reason in public (issue 36).
 */
export const remove = (deps: AdminDeps, actor: Actor, idSorteado: number) =>
  winners.remove(deps, actor, idSorteado, async (trx, old) => {
    if (await repo.cameFromDraw(trx, old)) throw new HttpError(409, MSG_APURACAO.contempladoDeSorteio);
    const fotosAntes = await urlsOf(trx, idSorteado);
    await repo.deleteWinner(trx, idSorteado);
    const liberado = old.id_cupom !== null && (await repo.releaseCoupon(trx, old.id_cupom, idSorteado));
    return { ...winnerSnapshot(winnerValues(old), couponNumber(old), fotosAntes), cupom_liberado: liberado };
  });

// --- annulment and delivery (issue 36) -------------------------------------------------------

/**
 * A write of one winner outside the editor's create/update/delete: locks it (404, 403 for
 * another city), runs `change`, records its audit entry (`acao`) when `change` answers one,
 * all in one transaction; the winner's city's cached lists are stale afterwards.
 */
async function auditedWinnerAction(
  deps: Pick<AdminDeps, 'db' | 'dialect'>,
  actor: Actor,
  idSorteado: number,
  acao: AcaoAuditada,
  mensagem: string,
  change: (trx: Kysely<Database>, old: repo.StoredWinner, at: string) => Promise<unknown>,
): Promise<Written<{ mensagem: string }>> {
  const at = nowIso();
  const codCidade = await transaction(deps.db, async (trx) => {
    const old = recordInAdminCity(
      actor.user,
      await repo.lockWinner(trx, deps.dialect, idSorteado),
      MSG_SORTEIO.contempladoNaoEncontrado,
    );
    const depois = await change(trx, old, at);
    if (depois !== undefined) {
      await recordAudit(trx, {
        id_usuario: actor.user.id,
        acao,
        entidade: 'contemplado',
        id_entidade: idSorteado,
        depois,
        ip: actor.ip,
      });
    }
    return old.cod_cidade;
  });
  return { resposta: { mensagem }, cidades: [codCidade] };
}

/**
 * `POST /v1/adm/contemplados/{id}/anulacao`: annuls a winner (unreachable, ineligible) with a
 * written reason, public next to its draw. The winner stays in the admin list and the draw's
 * record; it leaves the consumers' winners list. Its coupon stays drawn, so an annulment never
 * puts a coupon back for a silent re-draw. A second annulment is 409, and so is annulling a
 * winner whose prize was delivered (issue 51).
 */
export const annul = (
  deps: AdminDeps,
  actor: Actor,
  idSorteado: number,
  motivo: string,
  tipo: TipoAnulacao = 'nao_localizado',
  /** Issue 49: an apuração's winner gets a substitute from a later contest (apuracoes module). */
  onAnnulled?: (
    trx: Kysely<Database>,
    idSorteado: number,
    tipo: TipoAnulacao,
    motivo: string,
    at: string,
  ) => Promise<object | null>,
) =>
  auditedWinnerAction(deps, actor, idSorteado, 'anular', CONTEMPLADO_ANULADO, async (trx, old, at) => {
    if (old.anulado_em !== null) throw new HttpError(409, MSG_APURACAO.jaAnulado);
    if (old.entregue_em !== null) throw new HttpError(409, MSG_APURACAO.premioJaEntregue);
    await repo.annulWinner(trx, idSorteado, { motivo, tipo, por: actor.user.id, at });
    const suplente = onAnnulled ? await onAnnulled(trx, idSorteado, tipo, motivo, at) : null;
    return {
      id_sorteio: couponNumber(old),
      id_cupom: old.id_cupom,
      id_apuracao: old.id_apuracao,
      nome_sorteado: old.nome_sorteado,
      anulado_em: at,
      motivo_anulacao: motivo,
      tipo_anulacao: tipo,
      ...(suplente ? { suplente } : {}),
    };
  });

/**
 * Annuls a drawn winner inside the caller's transaction with no request behind it (issue 49:
 * an apuração's winner whose sale was voided after the freeze, `por` null).
 */
export const annulDrawnWinner = (
  trx: Kysely<Database>,
  idSorteado: number,
  a: { motivo: string; tipo: TipoAnulacao; por: number | null; at: string },
): Promise<void> => repo.annulWinner(trx, idSorteado, a);

/**
 * `POST /v1/adm/contemplados/{id}/entrega`: records the prize as delivered (409 for an
 * annulled winner). Idempotent: a second call keeps the first instant and writes nothing.
 */
export const deliver = (deps: AdminDeps, actor: Actor, idSorteado: number) =>
  auditedWinnerAction(deps, actor, idSorteado, 'entregar', PREMIO_ENTREGUE, async (trx, old, at) => {
    if (old.anulado_em !== null) throw new HttpError(409, MSG_APURACAO.jaAnulado);
    if (old.entregue_em !== null) return undefined;
    await repo.markDelivered(trx, idSorteado, at);
    return { entregue_em: at };
  });
