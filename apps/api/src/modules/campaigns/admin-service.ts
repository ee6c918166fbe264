import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  MSG_ADMIN,
  MSG_CONTEUDO,
  isRealDay,
  type AdminListaQuery,
  type CampanhaAdminDetalhe,
  type CampanhaDados,
  type CampanhaLojaEntrada,
  type CampanhaLojaMarcada,
} from '@praca/contract';
import type { Database } from '../../db/types.js';
import type { AdminDeps } from '../shared/admin.js';
import { today } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import { reaisToCents, toE4 } from '../coupons/units.js';
import type { AuthUser } from '../auth/types.js';
import * as establishments from '../establishments/service.js';
import { checkAdminCity, checkCityExists, requestedAdminCity } from '../cities/admin-scope.js';
import { adminEditor, cityAfterWrite, type Actor } from '../shared/admin-crud.js';
import * as repo from './admin-repository.js';
import { campaignSnapshot, presentCampaign, presentEditorShop } from './presenter.js';

/** The message of DataSchema (contract common.ts), for a missing or impossible date. */
export const DATA_INVALIDA = MSG_CONTEUDO.dataInvalida;
/** PATCH moving a campaign that the ledger already points at to another city. */
export const CAMPANHA_COM_VENDAS_CIDADE = 'Esta campanha já tem vendas e não pode mudar de cidade';
const CAMPANHA_EXCLUIDA = 'Campanha excluída';

type LojaEntrada = z.output<typeof CampanhaLojaEntrada>;

const campaigns = adminEditor<repo.CampaignRow>({
  entidade: 'campanha',
  naoEncontrado: MSG_ADMIN.campanhaNaoEncontrada,
  excluido: CAMPANHA_EXCLUIDA,
  lock: repo.lockCampaign,
});

// --- rules -----------------------------------------------------------------------------------

/** Dates that were sent must be real calendar days; the merged pair must be in order. */
function checkDates(sent: (string | undefined)[], ini: string, fim: string): void {
  for (const d of sent) if (d !== undefined && !isRealDay(d)) throw new HttpError(400, DATA_INVALIDA);
  if (ini > fim) throw new HttpError(400, MSG_ADMIN.datasInvertidas);
}

/**
 * The participation a body asks for. An entry takes part unless its `id_campanha` is given and
 * is 0 or less (spec §3: "Shops with id_campanha above 0 participate"), so a client may send
 * only the participants or every shop with the marker. No shop may appear twice (marked or
 * not), and every participant must exist in the campaign's city; one already taking part may
 * stay even if a super-admin has since moved the shop to another city (`keep`).
 */
async function participationOf(
  db: Kysely<Database>,
  codCidade: number,
  entries: LojaEntrada[],
  keep: ReadonlySet<number> = new Set(),
): Promise<repo.ParticipationValues[]> {
  const seen = new Set<number>();
  for (const e of entries) {
    if (seen.has(e.id_estabelecimento)) throw new HttpError(400, MSG_ADMIN.lojaRepetida);
    seen.add(e.id_estabelecimento);
  }
  const wanted = entries.filter((e) => e.id_campanha === undefined || e.id_campanha > 0);
  const shops = await repo.findShops(
    db,
    wanted.map((e) => e.id_estabelecimento),
  );
  const cityOf = new Map(shops.map((s) => [s.id_estabelecimento, s.cod_cidade]));
  const allowed = (id: number) => cityOf.get(id) === codCidade || (cityOf.has(id) && keep.has(id));
  if (!wanted.every((e) => allowed(e.id_estabelecimento))) {
    throw new HttpError(400, MSG_ADMIN.lojaDeOutraCidade);
  }
  return wanted.map((e) => ({
    id_estabelecimento: e.id_estabelecimento,
    fator_cashback_e4: toE4(e.fator_cashback),
    fator_sorteio_e4: toE4(e.fator_sorteio),
  }));
}

/**
 * Issue 53: a campaign not ended that requires the receipt's key takes only shops with a CNPJ
 * (400 naming those without). The shops are locked for share while they are checked (cnpjs.ts), so a shop
 * cannot lose its last CNPJ meanwhile.
 */
async function checkShopsHaveCnpj(
  trx: Kysely<Database>,
  deps: AdminDeps,
  values: repo.CampaignValues,
  ids: number[],
): Promise<void> {
  // An ended campaign takes no more sales: its shops may have let their CNPJs go.
  if (values.exige_nfce !== 'S' || values.validade_fim < today()) return;
  const missing = await establishments.shopsWithoutCnpj(trx, deps.dialect, ids);
  if (missing.length > 0) {
    throw new HttpError(400, MSG_ADMIN.lojaSemCnpj.replace('{lojas}', missing.map((s) => s.nome).join(', ')));
  }
}

const isForeignKeyViolation = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
};

async function detailOf(db: Kysely<Database>, c: repo.CampaignRow): Promise<CampanhaAdminDetalhe> {
  const shops = await repo.listEditorShops(db, c.cod_cidade, c.id_campanha);
  return { ...presentCampaign(c), estabelecimentos: shops.map(presentEditorShop) };
}

type ParticipationRow = Awaited<ReturnType<typeof repo.listParticipation>>[number];

const valuesOf = (c: repo.CampaignRow): repo.CampaignValues => ({
  den_campanha: c.den_campanha,
  banner: c.banner,
  validade_ini: c.validade_ini,
  validade_fim: c.validade_fim,
  link: c.link,
  cod_cidade: c.cod_cidade,
  limite_vendas_dia_loja: c.limite_vendas_dia_loja,
  limite_cupons_mes: c.limite_cupons_mes,
  limite_valor_dia_centavos: c.limite_valor_dia_centavos,
  pct_entidade: Number(c.pct_entidade),
  exige_nfce: c.exige_nfce,
});

/** A limit of the body in the stored unit: undefined (not sent) keeps `old`, null is none. */
const limitCents = (reais: number | null | undefined, old: number | null): number | null =>
  reais === undefined ? old : reais === null ? null : reaisToCents(reais);

// --- reads -----------------------------------------------------------------------------------

/**
 * A city's campaigns, newest first. `q` of digits finds that id or a description containing
 * them; any other `q` a description containing it (case-insensitive, `%` and `_` literal).
 */
export const list = (db: Kysely<Database>, user: AuthUser, query: z.output<typeof AdminListaQuery>) =>
  campaigns.page(user, query, (f, page) => repo.listByCity(db, f, page), presentCampaign);

/** A campaign the caller may administer: 404 when there is none, 403 in another city. */
export async function campaignToAdminister(db: Kysely<Database>, user: AuthUser, idCampanha: number) {
  return campaigns.one(user, await repo.findCampaign(db, idCampanha));
}

/** One campaign with every shop of its city marked (id_campanha > 0) when taking part. */
export async function getOne(
  db: Kysely<Database>,
  user: AuthUser,
  idCampanha: number,
): Promise<CampanhaAdminDetalhe> {
  return detailOf(db, await campaignToAdminister(db, user, idCampanha));
}

/** The editor's shop list of a campaign; id 0 is a new campaign of the asked (or own) city. */
export async function editorShops(
  db: Kysely<Database>,
  user: AuthUser,
  idCampanha: number,
  query: { cod_cidade?: number; codcidade?: number },
): Promise<CampanhaLojaMarcada[]> {
  const codCidade =
    idCampanha === 0
      ? requestedAdminCity(user, query)
      : (await campaignToAdminister(db, user, idCampanha)).cod_cidade;
  return (await repo.listEditorShops(db, codCidade, idCampanha)).map(presentEditorShop);
}

// --- writes ----------------------------------------------------------------------------------

/** Creates a campaign with its participating shops (factors stored ×10⁴). */
export async function create(deps: AdminDeps, actor: Actor, body: CampanhaDados) {
  const codCidade = body.cod_cidade ?? actor.user.cod_cidade;
  checkAdminCity(actor.user, codCidade);
  if (body.den_campanha === undefined) throw new HttpError(400, MSG_ADMIN.descricaoObrigatoria);
  if (body.validade_ini === undefined || body.validade_fim === undefined) {
    throw new HttpError(400, DATA_INVALIDA);
  }
  checkDates([body.validade_ini, body.validade_fim], body.validade_ini, body.validade_fim);
  await checkCityExists(deps.db, codCidade);
  const values: repo.CampaignValues = {
    den_campanha: body.den_campanha,
    banner: body.banner ?? '',
    validade_ini: body.validade_ini,
    validade_fim: body.validade_fim,
    link: body.link ?? '',
    cod_cidade: codCidade,
    limite_vendas_dia_loja: body.limite_vendas_dia_loja ?? null,
    limite_cupons_mes: body.limite_cupons_mes ?? null,
    limite_valor_dia_centavos: limitCents(body.limite_valor_dia, null),
    pct_entidade: body.pct_entidade ?? 0,
    exige_nfce: body.exige_nfce ? 'S' : 'N',
  };
  return campaigns.create(deps, actor, codCidade, async (trx, at) => {
    const parts = await participationOf(trx, codCidade, body.estabelecimentos ?? []);
    await checkShopsHaveCnpj(
      trx,
      deps,
      values,
      parts.map((p) => p.id_estabelecimento),
    );
    const id = await repo.insertCampaign(trx, values, at);
    await repo.insertParticipations(trx, id, parts);
    const created = await repo.findCampaign(trx, id);
    if (!created) throw new Error('campanha criada não encontrada');
    return { id, depois: campaignSnapshot(values, parts), resposta: await detailOf(trx, created) };
  });
}

/**
 * Changes only what is sent; the date rule holds on the merged values. `estabelecimentos`,
 * when sent, is the whole participation: shops are added, their factors updated, missing ones
 * removed (409 for a shop with live sales in the campaign).
 *
 * New factors apply to sales registered from now on. Existing sales keep the points and
 * cashback fixed when they were registered (`vendas.pontos_e6`, `cashback_e6`, and the
 * coupons issued from them), so nothing already earned changes here.
 *
 * City: a plain admin may only name its own city (anything else is 403, as for every request
 * about another city). The super-admin may move a campaign that nothing of the ledger points
 * at yet (409 otherwise: its sales, coupons and draws belong to the old city); its shops must
 * then be of the new city, so the move normally comes with the new city's `estabelecimentos`.
 */
export async function update(deps: AdminDeps, actor: Actor, idCampanha: number, body: CampanhaDados) {
  return campaigns.update(deps, actor, idCampanha, async (trx, old, at) => {
    const codCidade = await cityAfterWrite(trx, actor.user, old.cod_cidade, body.cod_cidade);
    if (codCidade !== old.cod_cidade && (await repo.isReferenced(trx, idCampanha))) {
      throw new HttpError(409, CAMPANHA_COM_VENDAS_CIDADE);
    }
    const values: repo.CampaignValues = {
      den_campanha: body.den_campanha ?? old.den_campanha,
      banner: body.banner ?? old.banner,
      validade_ini: body.validade_ini ?? old.validade_ini,
      validade_fim: body.validade_fim ?? old.validade_fim,
      link: body.link ?? old.link,
      cod_cidade: codCidade,
      limite_vendas_dia_loja:
        body.limite_vendas_dia_loja === undefined ? old.limite_vendas_dia_loja : body.limite_vendas_dia_loja,
      limite_cupons_mes:
        body.limite_cupons_mes === undefined ? old.limite_cupons_mes : body.limite_cupons_mes,
      limite_valor_dia_centavos: limitCents(body.limite_valor_dia, old.limite_valor_dia_centavos),
      pct_entidade: body.pct_entidade ?? Number(old.pct_entidade),
      exige_nfce: body.exige_nfce === undefined ? old.exige_nfce : body.exige_nfce ? 'S' : 'N',
    };
    // The entities' share is a rule of the promotion: fixed once anyone has bought in it.
    if (values.pct_entidade !== Number(old.pct_entidade) && (await repo.isReferenced(trx, idCampanha))) {
      throw new HttpError(409, MSG_ADMIN.pctEntidadeFixo);
    }
    checkDates([body.validade_ini, body.validade_fim], values.validade_ini, values.validade_fim);

    const before = await repo.listParticipation(trx, idCampanha);
    let after: (repo.ParticipationValues | ParticipationRow)[] = before;
    if (body.estabelecimentos !== undefined) {
      const current = new Map(before.map((p) => [p.id_estabelecimento, p]));
      const keep = new Set(codCidade === old.cod_cidade ? current.keys() : []);
      const wanted = await participationOf(trx, codCidade, body.estabelecimentos, keep);
      const wantedIds = new Set(wanted.map((p) => p.id_estabelecimento));
      const leaving = before
        .filter((p) => !wantedIds.has(p.id_estabelecimento))
        .map((p) => p.id_estabelecimento);
      const [blocked] = await repo.shopsWithLiveSales(trx, idCampanha, leaving);
      if (blocked) {
        throw new HttpError(409, MSG_ADMIN.lojaComVendasNaCampanha.replace('{nome}', blocked.nome));
      }
      await repo.deleteParticipations(trx, idCampanha, leaving);
      await repo.insertParticipations(
        trx,
        idCampanha,
        wanted.filter((p) => !current.has(p.id_estabelecimento)),
      );
      for (const p of wanted) {
        const was = current.get(p.id_estabelecimento);
        if (
          was &&
          (was.fator_cashback_e4 !== p.fator_cashback_e4 || was.fator_sorteio_e4 !== p.fator_sorteio_e4)
        ) {
          await repo.updateParticipation(trx, idCampanha, p);
        }
      }
      after = wanted;
    } else if (codCidade !== old.cod_cidade && before.some((p) => p.cod_cidade !== codCidade)) {
      throw new HttpError(400, MSG_ADMIN.lojaDeOutraCidade);
    }
    // Issue 53: also when only `exige_nfce` is turned on, over the shops already taking part.
    await checkShopsHaveCnpj(
      trx,
      deps,
      values,
      after.map((p) => p.id_estabelecimento),
    );

    await repo.updateCampaign(trx, idCampanha, values, at);
    return {
      antes: campaignSnapshot(valuesOf(old), before),
      depois: campaignSnapshot(values, after),
      cod_cidade: codCidade,
      resposta: await detailOf(trx, { id_campanha: idCampanha, ...values }),
    };
  });
}

/**
 * Deletes a campaign nothing of the ledger points at (409 otherwise, even for deleted sales:
 * they stay as the record of their coupons), with its participations, in one transaction.
 */
export async function remove(deps: AdminDeps, actor: Actor, idCampanha: number) {
  try {
    return await campaigns.remove(deps, actor, idCampanha, async (trx, old) => {
      if (await repo.isReferenced(trx, idCampanha)) throw new HttpError(409, MSG_ADMIN.campanhaComVendas);
      const before = await repo.listParticipation(trx, idCampanha);
      await repo.deleteParticipations(trx, idCampanha);
      await repo.deleteCampaign(trx, idCampanha);
      return campaignSnapshot(valuesOf(old), before);
    });
  } catch (err) {
    // A sale committed between the check and the delete still leaves the campaign standing.
    if (isForeignKeyViolation(err)) throw new HttpError(409, MSG_ADMIN.campanhaComVendas);
    throw err;
  }
}
