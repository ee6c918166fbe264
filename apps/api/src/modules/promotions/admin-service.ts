import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  MSG,
  MSG_CONTEUDO,
  planFromSpan,
  promotionEnd,
  type AdminListaQuery,
  type PromocaoAdmin,
  type PromocaoDados,
} from '@praca/contract';
import type { Database } from '../../db/types.js';
import { storedImage, type AdminDeps } from '../shared/admin.js';
import { HttpError } from '../../lib/errors.js';
import { reaisToCents, toE4 } from '../coupons/units.js';
import type { AuthUser } from '../auth/types.js';
import { checkAdminCity } from '../cities/admin-scope.js';
import * as establishments from '../establishments/service.js';
import { adminEditor, type Actor } from '../shared/admin-crud.js';
import * as repo from './admin-repository.js';
import { mayChangePayment } from './policy.js';
import { presentPromotion, promotionSnapshot } from './presenter.js';

/**
 * Admin promotions (issue 7; spec §2 Promoções por Estabelecimento, §3 Promotion, §4, §5, §6,
 * §7, §9; domain §3, §7).
 *
 * Dates: `dat_final` is always the server's `dat_inicio + plano_dias − 1`. The plan is
 * `plano_dias` when sent; otherwise, when `dat_final` is sent, the plan whose length the dates
 * span (both days included; spec §4 "editing infers the plan length from the date span"), a
 * span that is no plan's length being 400; otherwise (PATCH) the stored plan. A `dat_final`
 * sent together with `plano_dias` is ignored and recomputed.
 *
 * Payment: `ies_pago` defaults to 'N'; only the super-admin may set or change it (403 for a
 * plain admin sending a value other than the stored one, or 'S' on create). Once a promotion
 * is paid, its plan and shop are the super-admin's to change too (what was paid for); its
 * start date and content stay the city admin's.
 */

const promotions = adminEditor<repo.PromotionRow>({
  entidade: 'promocao',
  naoEncontrado: MSG_CONTEUDO.promocaoNaoEncontrada,
  excluido: MSG_CONTEUDO.promocaoExcluida,
  lock: repo.lockPromotion,
});

// --- rules -----------------------------------------------------------------------------------

/** The shop a promotion is for: it exists (400) and is of a city the caller administers (403). */
async function shopOf(db: Kysely<Database>, user: AuthUser, idEstabelecimento: number) {
  const shop = await establishments.findShopBrief(db, idEstabelecimento);
  if (!shop) throw new HttpError(400, MSG.estabelecimentoNaoEncontrado);
  checkAdminCity(user, shop.cod_cidade);
  return shop;
}

/** The plan the body asks for (see the module comment); undefined when it names none. */
function planOf(body: PromocaoDados, datInicio: string): number | undefined {
  if (body.plano_dias !== undefined) return body.plano_dias;
  if (body.dat_final === undefined) return undefined;
  const plan = planFromSpan(datInicio, body.dat_final);
  if (!plan) throw new HttpError(400, MSG_CONTEUDO.planoInvalido);
  return plan.dias;
}

const valuesOf = (p: repo.PromotionRow): repo.PromotionValues => ({
  id_estabelecimento: p.id_estabelecimento,
  dat_inicio: p.dat_inicio,
  dat_final: p.dat_final,
  plano_dias: p.plano_dias,
  ies_pago: p.ies_pago,
  imagem: p.imagem,
  linkproduto: p.linkproduto,
  val_desconto_e4: Number(p.val_desconto_e4),
  porc_desconto_e4: Number(p.porc_desconto_e4),
  val_minimo_centavos: Number(p.val_minimo_centavos),
  cod_produto: p.cod_produto,
  regra: p.regra,
});

/** The answer of a write, read back inside its transaction. */
async function answerOf(db: Kysely<Database>, idPromocao: number): Promise<PromocaoAdmin> {
  const row = await repo.findPromotion(db, idPromocao);
  if (!row) throw new Error(`promoção ${idPromocao} não encontrada`);
  return presentPromotion(row);
}

// --- reads -----------------------------------------------------------------------------------

/**
 * The promotions of a city's shops with the shop's name, newest start first, one page. `q` of
 * digits finds that id or a shop name or product code containing them; any other `q` a shop
 * name or product code containing it (case-insensitive, `%` and `_` literal).
 */
export const list = (db: Kysely<Database>, user: AuthUser, query: z.output<typeof AdminListaQuery>) =>
  promotions.page(user, query, (f, page) => repo.listByCity(db, f, page), presentPromotion);

/** One promotion: 404 when there is none, 403 when its shop is of another city. */
export const getOne = async (
  db: Kysely<Database>,
  user: AuthUser,
  idPromocao: number,
): Promise<PromocaoAdmin> => presentPromotion(promotions.one(user, await repo.findPromotion(db, idPromocao)));

// --- writes ----------------------------------------------------------------------------------

/** Creates a promotion: shop, start and plan required; not paid unless the super-admin says so. */
export async function create(deps: AdminDeps, actor: Actor, body: PromocaoDados) {
  const { user } = actor;
  if (body.id_estabelecimento === undefined)
    throw new HttpError(400, MSG_CONTEUDO.estabelecimentoObrigatorio);
  const shop = await shopOf(deps.db, user, body.id_estabelecimento);
  const iesPago = body.ies_pago ?? 'N';
  if (iesPago !== 'N' && !mayChangePayment(user))
    throw new HttpError(403, MSG_CONTEUDO.somenteSuperadminPago);
  if (body.dat_inicio === undefined) throw new HttpError(400, MSG_CONTEUDO.inicioObrigatorio);
  const dias = planOf(body, body.dat_inicio);
  if (dias === undefined) throw new HttpError(400, MSG_CONTEUDO.planoInvalido);
  const values: repo.PromotionValues = {
    id_estabelecimento: shop.id_estabelecimento,
    dat_inicio: body.dat_inicio,
    dat_final: promotionEnd(body.dat_inicio, dias),
    plano_dias: dias,
    ies_pago: iesPago,
    imagem: storedImage(body.imagem ?? '', deps.basePath),
    linkproduto: body.linkproduto ?? '',
    val_desconto_e4: toE4(body.val_desconto ?? 0),
    porc_desconto_e4: toE4(body.porc_desconto ?? 0),
    val_minimo_centavos: reaisToCents(body.val_minimo ?? 0),
    cod_produto: body.cod_produto ?? '',
    regra: body.regra ?? '',
  };
  return promotions.create(deps, actor, shop.cod_cidade, async (trx, at) => {
    const id = await repo.insertPromotion(trx, values, at);
    return { id, depois: promotionSnapshot(values), resposta: await answerOf(trx, id) };
  });
}

/** Changes only what is sent; the end date is recomputed from the merged start and plan. */
export async function update(deps: AdminDeps, actor: Actor, idPromocao: number, body: PromocaoDados) {
  const { user } = actor;
  const imagem = body.imagem === undefined ? undefined : storedImage(body.imagem, deps.basePath);
  return promotions.update(deps, actor, idPromocao, async (trx, old, at) => {
    const shop =
      body.id_estabelecimento !== undefined && body.id_estabelecimento !== old.id_estabelecimento
        ? await shopOf(trx, user, body.id_estabelecimento)
        : { id_estabelecimento: old.id_estabelecimento, cod_cidade: old.cod_cidade };

    const iesPago = body.ies_pago ?? old.ies_pago;
    const datInicio = body.dat_inicio ?? old.dat_inicio;
    const dias = planOf(body, datInicio) ?? old.plano_dias;
    if (!mayChangePayment(user)) {
      if (iesPago !== old.ies_pago) throw new HttpError(403, MSG_CONTEUDO.somenteSuperadminPago);
      if (
        old.ies_pago === 'S' &&
        (dias !== old.plano_dias || shop.id_estabelecimento !== old.id_estabelecimento)
      ) {
        throw new HttpError(403, MSG_CONTEUDO.somenteSuperadminPromocaoPaga);
      }
    }
    const before = valuesOf(old);
    const values: repo.PromotionValues = {
      id_estabelecimento: shop.id_estabelecimento,
      dat_inicio: datInicio,
      dat_final: promotionEnd(datInicio, dias),
      plano_dias: dias,
      ies_pago: iesPago,
      imagem: imagem ?? before.imagem,
      linkproduto: body.linkproduto ?? before.linkproduto,
      val_desconto_e4: body.val_desconto === undefined ? before.val_desconto_e4 : toE4(body.val_desconto),
      porc_desconto_e4: body.porc_desconto === undefined ? before.porc_desconto_e4 : toE4(body.porc_desconto),
      val_minimo_centavos:
        body.val_minimo === undefined ? before.val_minimo_centavos : reaisToCents(body.val_minimo),
      cod_produto: body.cod_produto ?? before.cod_produto,
      regra: body.regra ?? before.regra,
    };
    await repo.updatePromotion(trx, idPromocao, values, at);
    return {
      antes: promotionSnapshot(before),
      depois: promotionSnapshot(values),
      cod_cidade: shop.cod_cidade,
      resposta: await answerOf(trx, idPromocao),
    };
  });
}

/** Deletes a promotion. */
export const remove = (deps: AdminDeps, actor: Actor, idPromocao: number) =>
  promotions.remove(deps, actor, idPromocao, async (trx, old) => {
    await repo.deletePromotion(trx, idPromocao);
    return promotionSnapshot(valuesOf(old));
  });
