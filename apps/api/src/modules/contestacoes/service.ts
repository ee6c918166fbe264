import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  CONTESTACOES_ABERTAS_MAX,
  DEFAULT_SELLER_ID,
  donoDoComprovante,
  MSG_ADMIN,
  MSG_CONTESTACAO,
  MSG_VENDA,
  textoContestacaoDecidida,
  tituloContestacaoDecidida,
  type Contestacao,
  type ContestacaoAdmin,
  type ContestacaoBody,
  type ContestacoesAdmQuery,
  type DecisaoContestacaoBody,
} from '@praca/contract';
import { transaction, type Dialect } from '../../db/index.js';
import { uniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/types.js';
import { nowIso, today } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import { recordAudit } from '../audit/service.js';
import type { WebhookEvents } from '../integration/webhooks.js';
import type { AuthUser } from '../auth/types.js';
import { mayAdministerCity } from '../cities/policy.js';
import { centsToReais, reaisToCents } from '../coupons/units.js';
import { notifyPerson } from '../notifications/service.js';
import * as sales from '../sales/service.js';
import { parseHistory, presentContestacao, presentContestacaoAdmin, type Historico } from './presenter.js';
import { mayReadReceipt } from './policy.js';
import type { Store } from '../../lib/storage.js';
import * as receipts from './receipts.js';
import * as repo from './repository.js';
import * as recibos from '../recibos/service.js';
import * as users from '../users/service.js';

/**
 * The resident's word (issue 37): a resident disputes a sale credited to them ('não reconheço')
 * or claims a purchase never credited ('não registrada'); an admin of the shop's city accepts
 * or refuses it once. The decision fixes the ledger through the sales service's own paths
 * (delete, register) in the decision's transaction, so a complaint is never decided while its
 * ledger effect failed, nor the other way round; the resident is told by a notification.
 */

export interface ContestacaoDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the receipts' photos are kept (receipts.ts). */
  store: Store;
  /** Webhook events (issue 39): `contestacao.resolvida`, and the sales a decision moves. */
  events?: WebhookEvents;
}

type Body = z.output<typeof ContestacaoBody>;
type Decision = z.output<typeof DecisaoContestacaoBody>;
type AdmQuery = z.output<typeof ContestacoesAdmQuery>;

const opened = (at: string): string =>
  JSON.stringify([{ em: at, status: 'aberta', motivo: null }] satisfies Historico);

/**
 * The receipt's photo of a 'não registrada': none, or one the caller uploaded that is still
 * stored. Another person's upload is refused as an unknown one, so nobody learns it exists.
 */
async function ownReceipt(store: Store, user: AuthUser, imagem: string | undefined): Promise<string | null> {
  if (!imagem) return null;
  if (donoDoComprovante(imagem) !== user.id || !(await receipts.receiptExists(store, imagem))) {
    throw new HttpError(400, MSG_CONTESTACAO.comprovanteNaoEncontrado);
  }
  return imagem;
}

/**
 * Opens a complaint for the caller: 201 `{id_contestacao, status: 'aberta'}`; 409 past
 * CONTESTACOES_ABERTAS_MAX open complaints of the caller (issue 52), counted under a lock on the
 * caller so that parallel requests cannot pass it.
 */
export async function open(
  deps: Pick<ContestacaoDeps, 'db' | 'dialect' | 'store'>,
  user: AuthUser,
  body: Body,
  ip: string,
): Promise<{ id_contestacao: number; status: 'aberta' }> {
  const { db } = deps;
  const at = nowIso();
  let values: Parameters<typeof repo.insertContestacao>[1];
  if (body.tipo === 'nao_reconheco') {
    const sale = await repo.findLiveSale(db, body.id_venda);
    // Another's sale answers as an unknown one (issue 52).
    if (!sale || sale.id_usuario !== user.id) throw new HttpError(404, MSG_CONTESTACAO.vendaNaoEncontrada);
    if (await repo.hasOpenContestacao(db, sale.id_venda)) throw new HttpError(409, MSG_CONTESTACAO.jaAberta);
    values = {
      tipo: body.tipo,
      id_usuario: user.id,
      cod_cidade: sale.cod_cidade,
      id_estabelecimento: sale.id_estabelecimento,
      id_venda: sale.id_venda,
      dat_venda: sale.dat_venda,
      valor_centavos: sale.valor_centavos,
      numero_venda: sale.numero_venda,
      imagem: null,
      criada_em: at,
      historico: opened(at),
    };
  } else {
    const shop = await repo.findShop(db, body.id_estabelecimento);
    if (!shop) throw new HttpError(404, MSG_CONTESTACAO.estabelecimentoNaoEncontrado);
    if (body.dat_venda > today()) throw new HttpError(400, MSG_VENDA.dataFutura);
    if ((await repo.findShopCampaign(db, shop.id_estabelecimento, body.dat_venda)) === undefined) {
      throw new HttpError(400, MSG_CONTESTACAO.semCampanha);
    }
    values = {
      tipo: body.tipo,
      id_usuario: user.id,
      cod_cidade: shop.cod_cidade,
      id_estabelecimento: shop.id_estabelecimento,
      id_venda: null,
      dat_venda: body.dat_venda,
      valor_centavos: reaisToCents(body.valor_venda),
      numero_venda: body.numero_venda,
      imagem: await ownReceipt(deps.store, user, body.imagem),
      criada_em: at,
      historico: opened(at),
    };
  }
  let id: number;
  try {
    id = await transaction(db, async (trx) => {
      await users.lockPersonRow(trx, deps.dialect, user.id);
      if ((await repo.countOpenOf(trx, user.id)) >= CONTESTACOES_ABERTAS_MAX)
        throw new HttpError(
          409,
          MSG_CONTESTACAO.limiteAbertas.replace('{n}', String(CONTESTACOES_ABERTAS_MAX)),
        );
      const idContestacao = await repo.insertContestacao(trx, values);
      await recordAudit(trx, {
        id_usuario: user.id,
        acao: 'criar',
        entidade: 'contestacao',
        id_entidade: idContestacao,
        depois: { ...values, historico: undefined },
        ip,
      });
      return idContestacao;
    });
  } catch (err) {
    // Two complaints about one sale at once: the partial unique index lets one in.
    if (uniqueViolation(err) !== null) throw new HttpError(409, MSG_CONTESTACAO.jaAberta);
    throw err;
  }
  return { id_contestacao: id, status: 'aberta' };
}

/** Issue 53: what a complaint a fiscal receipt opens by itself is about. */
export interface AutomaticComplaint {
  /** The receipt's sender. */
  id_usuario: number;
  cod_cidade: number;
  id_estabelecimento: number;
  /** The sale the shop reported with the receipt's key for someone else. */
  id_venda: number;
  dat_venda: string;
  valor_centavos: number;
  numero_venda: string;
  id_recibo: number;
  at: string;
}

/**
 * Issue 53, in the caller's transaction: a resident's receipt whose key the shop reported for
 * someone else opens a 'não registrada' by itself (`automatica`), about that sale, for the
 * admins to decide. It does not count against CONTESTACOES_ABERTAS_MAX (`countOpenOf`). When the
 * sale already has an open complaint (its buyer's 'não reconheço'), this one names no sale (one
 * open complaint a sale) and the receipt still points at it. Audited as the resident's.
 */
export async function openAutomatic(trx: Kysely<Database>, c: AutomaticComplaint): Promise<number> {
  const idVenda = (await repo.hasOpenContestacao(trx, c.id_venda)) ? null : c.id_venda;
  const values: Parameters<typeof repo.insertContestacao>[1] = {
    tipo: 'nao_registrada',
    id_usuario: c.id_usuario,
    cod_cidade: c.cod_cidade,
    id_estabelecimento: c.id_estabelecimento,
    id_venda: idVenda,
    dat_venda: c.dat_venda,
    valor_centavos: c.valor_centavos,
    numero_venda: c.numero_venda,
    imagem: null,
    criada_em: c.at,
    historico: opened(c.at),
    automatica: 'S',
    id_recibo: c.id_recibo,
  };
  const id = await repo.insertContestacao(trx, values);
  await recordAudit(trx, {
    id_usuario: c.id_usuario,
    acao: 'criar',
    entidade: 'contestacao',
    id_entidade: id,
    depois: { ...values, historico: undefined },
  });
  return id;
}

/**
 * `GET /v1/contestacoes/{id}/comprovante`: the receipt's PNG, for the complaint's author and the
 * admins of its city (policy.ts). 404 when there is no such complaint, or no photo; another's
 * complaint answers as an unknown one (issue 52).
 */
export async function receipt(
  deps: Pick<ContestacaoDeps, 'db' | 'store'>,
  user: AuthUser,
  idContestacao: number,
): Promise<Buffer> {
  const row = await repo.findContestacao(deps.db, idContestacao);
  if (!row || !mayReadReceipt(user, row)) throw new HttpError(404, MSG_CONTESTACAO.naoEncontrada);
  const png = row.imagem ? await receipts.readReceipt(deps.store, row.imagem) : null;
  if (!png) throw new HttpError(404, MSG_CONTESTACAO.semComprovante);
  return png;
}

/** The caller's complaints, newest first, with their history. */
export async function mine(db: Kysely<Database>, user: AuthUser): Promise<Contestacao[]> {
  return (await repo.listByPerson(db, user.id)).map(presentContestacao);
}

/** A city's complaints for its admins (the super-admin any city). */
export async function ofCity(db: Kysely<Database>, user: AuthUser, q: AdmQuery): Promise<ContestacaoAdmin[]> {
  if (!mayAdministerCity(user, q.cod_cidade)) throw new HttpError(403, MSG_ADMIN.outraCidade);
  return (await repo.listByCity(db, q.cod_cidade, q.status)).map(presentContestacaoAdmin);
}

/**
 * Accepts or refuses an open complaint (a decided one is 409). Accepting 'não reconheço' deletes
 * the sale as `sales.remove` does (its points leave the balance, its coupons are voided; a
 * sale with a drawn coupon is 409 and the complaint stays open), even when its coupons are in
 * an apuração's frozen ticket file, which the partner could not do (issue 49): those tickets
 * stay in the file, nothing leaves a frozen file. Accepting 'não registrada' registers the sale
 * for the resident in the shop's campaign of that day, as an admin would, also after a freeze:
 * its new coupons are numbered above the file's and join the campaign's next apuração.
 */
export async function decide(
  deps: ContestacaoDeps,
  user: AuthUser,
  idContestacao: number,
  body: Decision,
  ip: string,
): Promise<ContestacaoAdmin> {
  const at = nowIso();
  try {
    await transaction(deps.db, async (trx) => {
      const row = await repo.lockContestacao(trx, deps.dialect, idContestacao);
      // Another city's complaint answers as an unknown one (issue 52).
      if (!row || !mayAdministerCity(user, row.cod_cidade))
        throw new HttpError(404, MSG_CONTESTACAO.naoEncontrada);
      if (row.status !== 'aberta') throw new HttpError(409, MSG_CONTESTACAO.jaDecidida);
      let idVenda = row.id_venda;
      if (body.decisao === 'aceita' && row.tipo === 'nao_reconheco' && idVenda !== null) {
        // A sale already deleted by its shop has nothing left to void; a frozen one is voided too.
        if (await repo.findLiveSale(trx, idVenda))
          await sales.voidSaleIn(trx, deps, user, idVenda, ip, { evenFrozen: true });
      }
      if (body.decisao === 'aceita' && row.tipo === 'nao_registrada' && row.automatica === 'S') {
        // Issue 53: the shop reported the receipt's key for someone else; accepting it moves
        // the sale to the receipt's holder: the reported sale is voided (as an accepted 'não
        // reconheço' voids one), and registered again below for the resident.
        const reported = row.id_venda ?? (await recibos.saleOfReceipt(trx, row.id_recibo));
        if (reported !== null && (await repo.findLiveSale(trx, reported)))
          await sales.voidSaleIn(trx, deps, user, reported, ip, { evenFrozen: true });
      }
      if (body.decisao === 'aceita' && row.tipo === 'nao_registrada') {
        const idCampanha = await repo.findShopCampaign(trx, row.id_estabelecimento, row.dat_venda);
        if (idCampanha === undefined) throw new HttpError(409, MSG_CONTESTACAO.semCampanha);
        const created = await sales.recordSaleIn(
          trx,
          deps,
          user,
          {
            id_campanha: idCampanha,
            id_estabelecimento: row.id_estabelecimento,
            id_usuario: row.id_usuario,
            dat_venda: row.dat_venda,
            numero_venda: row.numero_venda,
            valor_venda: centsToReais(row.valor_centavos),
            id_vendedor: DEFAULT_SELLER_ID,
            qrcode: false,
          },
          ip,
        );
        idVenda = created.venda.id_venda;
        if (row.automatica === 'S' && row.id_recibo !== null)
          await recibos.complaintAccepted(trx, { id_recibo: row.id_recibo, id_venda: idVenda, at, ip });
      }
      const historico = [
        ...parseHistory(row.historico),
        { em: at, status: body.decisao, motivo: body.motivo },
      ];
      const done = await repo.decide(trx, idContestacao, {
        status: body.decisao,
        at,
        por: user.id,
        motivo: body.motivo,
        historico: JSON.stringify(historico),
        id_venda: idVenda,
      });
      if (!done) throw new HttpError(409, MSG_CONTESTACAO.jaDecidida);
      await recordAudit(trx, {
        id_usuario: user.id,
        acao: 'decidir',
        entidade: 'contestacao',
        id_entidade: idContestacao,
        antes: { status: row.status },
        depois: { status: body.decisao, motivo: body.motivo, id_venda: idVenda },
        ip,
      });
      await deps.events?.emit(
        trx,
        'contestacao.resolvida',
        { cod_cidade: row.cod_cidade, id_estabelecimento: row.id_estabelecimento },
        {
          id_contestacao: idContestacao,
          tipo: row.tipo,
          decisao: body.decisao,
          motivo: body.motivo,
          id_estabelecimento: row.id_estabelecimento,
          id_venda: idVenda,
          decidida_em: at,
        },
      );
      const shop = await repo.findShopName(trx, row.id_estabelecimento);
      await notifyPerson(trx, row.id_usuario, {
        title: tituloContestacaoDecidida(body.decisao),
        body: textoContestacaoDecidida({
          tipo: row.tipo,
          decisao: body.decisao,
          loja: shop,
          numero: row.numero_venda,
          motivo: body.motivo,
        }),
      });
    });
  } catch (err) {
    if (sales.isDuplicateNumber(err)) throw new HttpError(409, MSG_VENDA.numeroDuplicado);
    throw err;
  }
  const row = await repo.findContestacao(deps.db, idContestacao);
  if (!row) throw new HttpError(404, MSG_CONTESTACAO.naoEncontrada);
  return presentContestacaoAdmin(row);
}
