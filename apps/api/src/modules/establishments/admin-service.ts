import type { Kysely, Updateable } from 'kysely';
import {
  DEFAULT_SELLER_ID,
  DEFAULT_SELLER_NAME,
  MSG,
  MSG_ADMIN,
  cnpjDaChave,
  type AdminListaQuery,
  type EstabelecimentoAdmin,
  type EstabelecimentoAdminItem,
  type EstabelecimentoDados,
  type Vendedor,
} from '@praca/contract';
import type { z } from 'zod';
import type { Database, EstabelecimentosTable } from '../../db/types.js';
import { nowIso, today } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import { escapeLike } from '../../db/search-text.js';
import { reaisToCents } from '../coupons/units.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/types.js';
import { findCity } from '../cities/service.js';
import * as repo from './admin-repository.js';
import * as cnpjs from './cnpjs.js';
import { presentAdmin, presentAdminItem, presentSeller } from './presenter.js';
import {
  SUPERADMIN_ONLY_FIELDS,
  adminListCity,
  adminShopLimit,
  mayAdministerShop,
  mayCreateOrDeleteShops,
  mayEditRestrictedShopFields,
} from './policy.js';
import { listSellers } from './repository.js';
import { transaction } from '../../db/index.js';

type Db = Kysely<Database>;
type ListaQuery = z.output<typeof AdminListaQuery>;

/** What a write answers to its route: the cities whose cached lists it changed. */
export interface WriteResult<T> {
  resposta: T;
  cidades: number[];
}

const MAX_ID = 2_147_483_647;

/** Seller names compare trimmed and case-insensitively ('Ana ' and 'ana' are one seller). */
const nameKey = (nome: string): string => nome.trim().normalize('NFC').toLocaleLowerCase('pt-BR');

/** A foreign key violation of either dialect (a sale written while the shop was deleted). */
function foreignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

// ── Reading ──────────────────────────────────────────────────────────────────

/** The admin list (spec §2): one city's shops by name, `q` an id or part of the name. */
export async function listForAdmin(
  db: Db,
  user: AuthUser,
  query: ListaQuery,
): Promise<{ itens: EstabelecimentoAdminItem[]; total: number }> {
  const codCidade = adminListCity(user, query.cod_cidade ?? query.codcidade);
  if (codCidade === null) throw new HttpError(403, MSG_ADMIN.outraCidade);
  const text = query.q?.trim() ?? '';
  const asId = /^\d+$/.test(text) && Number(text) > 0 && Number(text) <= MAX_ID ? Number(text) : undefined;
  const { rows, total } = await repo.listAdmin(
    db,
    {
      codCidade,
      shops: adminShopLimit(user),
      id: asId,
      nomeLike: text ? `%${escapeLike(text.toLowerCase())}%` : undefined,
    },
    { offset: (query.pagina - 1) * query.limite, limit: query.limite },
  );
  const lists = await cnpjs.cnpjsOf(db, rows);
  return { itens: rows.map((r) => presentAdminItem(r, lists.get(r.id_estabelecimento) ?? [])), total };
}

/** How a route finds the shop it acts on: 404 when unknown, 403 when outside the caller's reach. */
export type ShopReach = (db: Db, user: AuthUser, idEstabelecimento: number) => Promise<repo.AdminShopRow>;

/** A shop the caller may administer: 404 when unknown, 403 when outside its reach. */
async function shopToAdminister(
  db: Db,
  user: AuthUser,
  idEstabelecimento: number,
): Promise<repo.AdminShopRow> {
  const row = await repo.findAdminRow(db, idEstabelecimento);
  if (!row) throw new HttpError(404, MSG.estabelecimentoNaoEncontrado);
  if (!mayAdministerShop(user, row)) throw new HttpError(403, MSG.semPermissao);
  return row;
}

/** The real sellers of a shop by name, without the 'Sem Vendedor' pseudo seller (99). */
async function realSellers(db: Db, idEstabelecimento: number): Promise<Vendedor[]> {
  return (await listSellers(db, idEstabelecimento)).filter((s) => s.id_vendedor !== DEFAULT_SELLER_ID);
}

/** A shop as the admin editor (and the audit log) sees it: every field, sellers, campaigns. */
export async function detail(db: Db, row: repo.AdminShopRow): Promise<EstabelecimentoAdmin> {
  const [vendedores, campanhas, lists] = await Promise.all([
    realSellers(db, row.id_estabelecimento),
    repo.listShopCampaigns(db, row.id_estabelecimento),
    cnpjs.cnpjsOf(db, [row]),
  ]);
  return presentAdmin(row, vendedores, campanhas, lists.get(row.id_estabelecimento) ?? []);
}

/** Re-reads a shop after a write (inside the write's transaction). */
async function reread(db: Db, idEstabelecimento: number): Promise<EstabelecimentoAdmin> {
  const row = await repo.findAdminRow(db, idEstabelecimento);
  if (!row) throw new HttpError(404, MSG.estabelecimentoNaoEncontrado);
  return detail(db, row);
}

export async function getForAdmin(
  db: Db,
  user: AuthUser,
  idEstabelecimento: number,
): Promise<EstabelecimentoAdmin> {
  return detail(db, await shopToAdminister(db, user, idEstabelecimento));
}

// ── Shop writes ──────────────────────────────────────────────────────────────

async function checkCity(db: Db, codCidade: number): Promise<void> {
  if (!(await findCity(db, codCidade))) throw new HttpError(400, MSG_ADMIN.cidadeNaoEncontrada);
}

async function checkCategory(db: Db, idCategoria: number | null | undefined): Promise<void> {
  if (idCategoria === null || idCategoria === undefined) return;
  if (!(await repo.findCategory(db, idCategoria))) throw new HttpError(400, MSG_ADMIN.categoriaNaoEncontrada);
}

/** A default campaign (`id_campanha_def`) is a campaign of the shop's city, or none. */
async function checkDefaultCampaign(db: Db, idCampanha: number | null | undefined, codCidade: number) {
  if (idCampanha === null || idCampanha === undefined) return;
  if (!(await repo.findCityCampaign(db, idCampanha, codCidade))) {
    throw new HttpError(400, MSG_ADMIN.campanhaNaoEncontrada);
  }
}

const TEXT_FIELDS = [
  'nome',
  'endereco',
  'complemento',
  'bairro',
  'cidade',
  'cep',
  'uf',
  'telefone',
  'whatsup',
  'url_foto',
  'url_logo',
  'site',
  'cnpj',
] as const;

const PLAIN_FIELDS = [
  'cod_cidade',
  'id_categoria',
  'id_cupom',
  'ind_ativo',
  'ies_campanha',
  'id_campanha_def',
  'latitude',
  'longitude',
] as const;

/** The columns a body sets: only the fields it carries (zod leaves absent ones undefined). */
function columnsOf(body: EstabelecimentoDados): Updateable<EstabelecimentosTable> {
  const set: Record<string, unknown> = {};
  for (const f of [...TEXT_FIELDS, ...PLAIN_FIELDS]) if (body[f] !== undefined) set[f] = body[f];
  if (body.vl_min_pedido !== undefined) set.vl_min_pedido_centavos = reaisToCents(body.vl_min_pedido);
  if (body.vl_taxa_entrega !== undefined) set.vl_taxa_entrega_centavos = reaisToCents(body.vl_taxa_entrega);
  return set as Updateable<EstabelecimentosTable>;
}

interface SellerPlan {
  add: string[];
  rename: { id_vendedor: number; nome_vendedor: string }[];
  remove: number[];
}

/**
 * Turns the full list of sellers the editor sent into changes (spec §5 "adding the same seller
 * twice is ignored"): an entry with an id renames that seller (400 when it is not of this
 * shop), one without an id adds a seller unless the name (trimmed, any case) is already in the
 * list or is a current seller's, which is then kept; sellers left out are removed. The
 * pseudo seller 'Sem Vendedor' (99) is never stored, so an entry with its id is skipped.
 */
function planSellers(
  current: Vendedor[],
  entries: NonNullable<EstabelecimentoDados['vendedores']>,
): SellerPlan {
  const byId = new Map(current.map((s) => [s.id_vendedor, s]));
  const kept = new Map<number, string>();
  for (const e of entries) {
    const id = e.id_vendedor ?? 0;
    if (id === 0 || id === DEFAULT_SELLER_ID || kept.has(id)) continue;
    if (!byId.has(id)) throw new HttpError(400, MSG_ADMIN.vendedorNaoEncontrado);
    kept.set(id, e.nome_vendedor);
  }
  // 'Sem Vendedor' is always offered (spec §3): its name is taken, as if a seller had it.
  const keys = new Set<string>([nameKey(DEFAULT_SELLER_NAME)]);
  for (const nome of kept.values()) {
    // Two sellers renamed to one name: the people are different, so say so rather than merge.
    if (keys.has(nameKey(nome))) throw new HttpError(409, MSG.registroDuplicado);
    keys.add(nameKey(nome));
  }
  const add: string[] = [];
  for (const e of entries) {
    if ((e.id_vendedor ?? 0) !== 0) continue;
    const key = nameKey(e.nome_vendedor);
    if (keys.has(key)) continue;
    keys.add(key);
    const same = current.find((s) => !kept.has(s.id_vendedor) && nameKey(s.nome_vendedor) === key);
    if (same) kept.set(same.id_vendedor, same.nome_vendedor);
    else add.push(e.nome_vendedor);
  }
  return {
    add,
    rename: [...kept]
      .filter(([id, nome]) => byId.get(id)?.nome_vendedor !== nome)
      .map(([id_vendedor, nome_vendedor]) => ({ id_vendedor, nome_vendedor })),
    remove: current.filter((s) => !kept.has(s.id_vendedor)).map((s) => s.id_vendedor),
  };
}

/**
 * Applies a seller plan in the caller's transaction. Removed sellers' past sales keep
 * existing as 'Sem Vendedor' (vendas.id_vendedor ON DELETE SET NULL). Renames go through a
 * temporary name first, so swapping two names never trips the unique (shop, name) index.
 */
async function applySellers(trx: Db, idEstabelecimento: number, plan: SellerPlan): Promise<void> {
  await repo.deleteSellers(trx, plan.remove);
  for (const r of plan.rename)
    await repo.renameSeller(trx, r.id_vendedor, `\u2060renomeando ${r.id_vendedor}`);
  for (const r of plan.rename) await repo.renameSeller(trx, r.id_vendedor, r.nome_vendedor);
  for (const nome of plan.add) await repo.insertSeller(trx, idEstabelecimento, nome);
}

/** Creates a shop (super-admin only), with its sellers when sent. */
export async function create(
  db: Db,
  user: AuthUser,
  body: EstabelecimentoDados,
  ip: string,
): Promise<WriteResult<EstabelecimentoAdmin>> {
  if (!mayCreateOrDeleteShops(user)) throw new HttpError(403, MSG_ADMIN.somenteSuperadminCria);
  if (!body.nome) throw new HttpError(400, MSG_ADMIN.nomeObrigatorio);
  const codCidade = body.cod_cidade ?? user.cod_cidade;
  const resposta = await transaction(db, async (trx) => {
    await checkCity(trx, codCidade);
    await checkCategory(trx, body.id_categoria);
    await checkDefaultCampaign(trx, body.id_campanha_def, codCidade);
    const id = await repo.insertShop(trx, {
      nome: body.nome ?? '',
      endereco: body.endereco ?? '',
      complemento: body.complemento ?? '',
      bairro: body.bairro ?? '',
      cidade: body.cidade ?? '',
      cep: body.cep ?? '',
      uf: body.uf ?? '',
      cod_cidade: codCidade,
      telefone: body.telefone ?? '',
      whatsup: body.whatsup ?? '',
      url_foto: body.url_foto ?? '',
      url_logo: body.url_logo ?? '',
      site: body.site ?? '',
      id_categoria: body.id_categoria ?? null,
      id_cupom: body.id_cupom ?? null,
      ind_ativo: body.ind_ativo ?? 'S',
      vl_min_pedido_centavos: reaisToCents(body.vl_min_pedido ?? 0),
      vl_taxa_entrega_centavos: reaisToCents(body.vl_taxa_entrega ?? 0),
      ies_campanha: body.ies_campanha ?? 'N',
      id_campanha_def: body.id_campanha_def ?? null,
      cnpj: body.cnpj ?? '',
      latitude: body.latitude ?? null,
      longitude: body.longitude ?? null,
      atualizado_em: nowIso(),
    });
    if (body.vendedores) await applySellers(trx, id, planSellers([], body.vendedores));
    const list = cnpjs.plannedList([], '', body);
    if (list) await setCnpjs(trx, id, list);
    const after = await reread(trx, id);
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'criar',
      entidade: 'estabelecimento',
      id_entidade: id,
      depois: after,
      ip,
    });
    return after;
  });
  return { resposta, cidades: [codCidade] };
}

/**
 * Changes the fields sent (PATCH). A plain admin may send the super-admin's fields only with
 * their stored values (the editor sends the whole record); a different value is 403 and
 * nothing changes. `vendedores`, when sent, is the whole list of sellers.
 */
export async function update(
  db: Db,
  user: AuthUser,
  idEstabelecimento: number,
  body: EstabelecimentoDados,
  ip: string,
): Promise<WriteResult<EstabelecimentoAdmin>> {
  return transaction(db, async (trx) => {
    const row = await shopToAdminister(trx, user, idEstabelecimento);
    if (!mayEditRestrictedShopFields(user)) {
      const changed = SUPERADMIN_ONLY_FIELDS.some((f) => body[f] !== undefined && body[f] !== row[f]);
      if (changed) throw new HttpError(403, MSG_ADMIN.somenteSuperadminCampos);
    }
    if (body.nome !== undefined && body.nome === '') throw new HttpError(400, MSG_ADMIN.nomeObrigatorio);
    if (body.cod_cidade !== undefined && body.cod_cidade !== row.cod_cidade)
      await checkCity(trx, body.cod_cidade);
    await checkCategory(trx, body.id_categoria);
    await checkDefaultCampaign(trx, body.id_campanha_def, body.cod_cidade ?? row.cod_cidade);
    const after = await writeShop(trx, user, row, columnsOf(body), body.vendedores, ip, body);
    return { resposta: after, cidades: [...new Set([row.cod_cidade, after.cod_cidade])] };
  });
}

/**
 * Issue 53: makes `list` (`cnpjDaChave` form) the shop's CNPJ list in the caller's transaction:
 * 409 when another shop holds one of them (the primary key decides a race the same way), or
 * when the shop loses its last CNPJ while it takes part in a campaign not ended that requires
 * the receipt's key.
 */
async function setCnpjs(trx: Db, idEstabelecimento: number, list: string[]): Promise<void> {
  const taken = await cnpjs.takenCnpjs(trx, list);
  if (taken.size > 0) {
    const mine = await cnpjs.cnpjsOf(trx, [{ id_estabelecimento: idEstabelecimento, cnpj: '' }]);
    const own = new Set((mine.get(idEstabelecimento) ?? []).map(cnpjDaChave));
    if ([...taken].some((c) => !own.has(c))) throw new HttpError(409, MSG_ADMIN.cnpjDeOutraLoja);
  }
  const { lostLast } = await cnpjs.replaceCnpjs(trx, idEstabelecimento, list, nowIso());
  if (!lostLast) return;
  const campanha = await cnpjs.nfceCampaignOf(trx, idEstabelecimento, today());
  if (campanha) {
    throw new HttpError(409, MSG_ADMIN.ultimoCnpjEmCampanha.replace('{campanha}', campanha.den_campanha));
  }
}

/**
 * Writes `changes` to the shop (and, when `vendedores` is given, makes it the whole seller
 * list; issue 53: when `cnpjsOf` carries `cnpj` or `cnpjs`, the CNPJ list as `plannedList`
 * says) with its audit entry, inside the caller's transaction; answers the shop as it now is.
 * The admin editor and the partner's own screen both write through here.
 */
export async function writeShop(
  trx: Db,
  user: AuthUser,
  row: repo.AdminShopRow,
  changes: Updateable<EstabelecimentosTable>,
  vendedores: EstabelecimentoDados['vendedores'],
  ip: string,
  cnpjsOf: Pick<EstabelecimentoDados, 'cnpj' | 'cnpjs'> = {},
): Promise<EstabelecimentoAdmin> {
  const id = row.id_estabelecimento;
  const before = await detail(trx, row);
  // The shop's row first: a campaign that starts requiring the receipt's key waits for it
  // (cnpjs.shopsWithoutCnpj), so the last CNPJ and that campaign never both go through.
  await repo.updateShop(trx, id, { ...changes, atualizado_em: nowIso() });
  const list = cnpjs.plannedList(before.cnpjs, row.cnpj, cnpjsOf);
  if (list) await setCnpjs(trx, id, list);
  if (vendedores) await applySellers(trx, id, planSellers(before.vendedores, vendedores));
  const after = await reread(trx, id);
  await recordAudit(trx, {
    id_usuario: user.id,
    acao: 'alterar',
    entidade: 'estabelecimento',
    id_entidade: id,
    antes: before,
    depois: after,
    ip,
  });
  return after;
}

/** Deletes a shop (super-admin only) that never had a sale or coupon (409 otherwise). */
export async function remove(
  db: Db,
  user: AuthUser,
  idEstabelecimento: number,
  ip: string,
): Promise<WriteResult<{ mensagem: string }>> {
  if (!mayCreateOrDeleteShops(user)) throw new HttpError(403, MSG_ADMIN.somenteSuperadminCria);
  try {
    return await transaction(db, async (trx) => {
      const row = await shopToAdminister(trx, user, idEstabelecimento);
      if (await repo.hasSalesOrCoupons(trx, idEstabelecimento)) {
        throw new HttpError(409, MSG_ADMIN.estabelecimentoComVendas);
      }
      const before = await detail(trx, row);
      if (!(await repo.deleteShop(trx, idEstabelecimento))) {
        throw new HttpError(404, MSG.estabelecimentoNaoEncontrado);
      }
      await recordAudit(trx, {
        id_usuario: user.id,
        acao: 'excluir',
        entidade: 'estabelecimento',
        id_entidade: idEstabelecimento,
        antes: before,
        ip,
      });
      return { resposta: { mensagem: 'Estabelecimento excluído' }, cidades: [row.cod_cidade] };
    });
  } catch (err) {
    // A sale registered between the check and the delete.
    if (foreignKeyViolation(err)) throw new HttpError(409, MSG_ADMIN.estabelecimentoComVendas);
    throw err;
  }
}

// ── Sellers (the sellers tab) ────────────────────────────────────────────────

export async function sellersForAdmin(
  db: Db,
  user: AuthUser,
  idEstabelecimento: number,
): Promise<Vendedor[]> {
  const shop = await shopToAdminister(db, user, idEstabelecimento);
  return (await realSellers(db, shop.id_estabelecimento)).map(presentSeller);
}

/**
 * Adds a seller. The same name again (trimmed, any case) adds nothing and answers the
 * existing seller with `criado` false (spec §5 "adding the same seller twice is ignored").
 */
export async function addSeller(
  db: Db,
  user: AuthUser,
  idEstabelecimento: number,
  nome: string,
  ip: string,
  reach: ShopReach = shopToAdminister,
): Promise<WriteResult<Vendedor> & { criado: boolean }> {
  return transaction(db, async (trx) => {
    const shop = await reach(trx, user, idEstabelecimento);
    // 'Sem Vendedor' is always offered (spec §3): adding it is adding a seller already there.
    const same =
      nameKey(nome) === nameKey(DEFAULT_SELLER_NAME)
        ? {
            id_estabelecimento: idEstabelecimento,
            id_vendedor: DEFAULT_SELLER_ID,
            nome_vendedor: DEFAULT_SELLER_NAME,
          }
        : (await realSellers(trx, idEstabelecimento)).find((s) => nameKey(s.nome_vendedor) === nameKey(nome));
    if (same) return { resposta: presentSeller(same), criado: false, cidades: [shop.cod_cidade] };
    const created = await repo.insertSeller(trx, idEstabelecimento, nome);
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'criar',
      entidade: 'vendedor',
      id_entidade: created.id_vendedor,
      depois: presentSeller(created),
      ip,
    });
    return { resposta: presentSeller(created), criado: true, cidades: [shop.cod_cidade] };
  });
}

async function sellerOfShop(trx: Db, idEstabelecimento: number, idVendedor: number) {
  const sellers = await realSellers(trx, idEstabelecimento);
  const seller = sellers.find((s) => s.id_vendedor === idVendedor);
  if (!seller) throw new HttpError(404, MSG_ADMIN.vendedorNaoEncontrado);
  return { seller, sellers };
}

/** Renames a seller of the shop (409 when another seller of it already has that name). */
export async function renameSellerForAdmin(
  db: Db,
  user: AuthUser,
  idEstabelecimento: number,
  idVendedor: number,
  nome: string,
  ip: string,
  reach: ShopReach = shopToAdminister,
): Promise<WriteResult<Vendedor>> {
  return transaction(db, async (trx) => {
    const shop = await reach(trx, user, idEstabelecimento);
    const { seller, sellers } = await sellerOfShop(trx, idEstabelecimento, idVendedor);
    const clash =
      nameKey(nome) === nameKey(DEFAULT_SELLER_NAME) ||
      sellers.some((s) => s.id_vendedor !== idVendedor && nameKey(s.nome_vendedor) === nameKey(nome));
    if (clash) throw new HttpError(409, MSG.registroDuplicado);
    const after = { ...seller, nome_vendedor: nome };
    if (seller.nome_vendedor !== nome) {
      await repo.renameSeller(trx, idVendedor, nome);
      await recordAudit(trx, {
        id_usuario: user.id,
        acao: 'alterar',
        entidade: 'vendedor',
        id_entidade: idVendedor,
        antes: presentSeller(seller),
        depois: presentSeller(after),
        ip,
      });
    }
    return { resposta: presentSeller(after), cidades: [shop.cod_cidade] };
  });
}

/** Removes a seller; its past sales stay, shown as 'Sem Vendedor' (ON DELETE SET NULL). */
export async function removeSeller(
  db: Db,
  user: AuthUser,
  idEstabelecimento: number,
  idVendedor: number,
  ip: string,
  reach: ShopReach = shopToAdminister,
): Promise<WriteResult<{ mensagem: string }>> {
  return transaction(db, async (trx) => {
    const shop = await reach(trx, user, idEstabelecimento);
    const { seller } = await sellerOfShop(trx, idEstabelecimento, idVendedor);
    await repo.deleteSellers(trx, [idVendedor]);
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'excluir',
      entidade: 'vendedor',
      id_entidade: idVendedor,
      antes: presentSeller(seller),
      ip,
    });
    return { resposta: { mensagem: 'Vendedor removido' }, cidades: [shop.cod_cidade] };
  });
}
