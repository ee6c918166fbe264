import { digitoChave } from '@praca/contract';
import { expect } from 'vitest';
import { transaction } from '../src/db/index.js';
import { nowIso } from '../src/lib/clock.js';
import { keyReported } from '../src/modules/recibos/hooks.js';
import {
  bearer,
  createCampaign,
  createCity,
  createEntity,
  createShop,
  createUser,
  day,
  insertConsumers,
  sessionFor,
} from './factories.js';
import type { TestApp } from './helper.js';

/**
 * Issue 53: the world of the receipts' tests. The published keys of the issue are of Paraná
 * (cUF 41), April 2017, CNPJ 10.422.724/0001-87: a city of PR whose shop holds that CNPJ
 * (written straight to `estabelecimento_cnpjs`), and the test clock in April 2017
 * (`KEY_MONTH_NOON`, set by each file before it builds its world). Other keys are built with
 * `digitoChave` on the same state, month and CNPJ, numbered apart.
 */

/** The published keys: two that pass the check digit, one whose tpEmis is 0. */
export const PUBLISHED = {
  pr: '41170410422724000187650010000005101000010235',
  rs: '43210193015006003996651230003165881244534711',
  tpEmis0: '41170410422724000187650010000005100000010237',
} as const;
const SHOP_CNPJ = '10422724000187';
/** A moment of the published key's month (São Paulo's 20 April 2017, mid-afternoon). */
export const KEY_MONTH_NOON = '2017-04-20T18:00:00.000Z';

/** A key with its check digit: `head43` is the first 43 positions. */
export const withDigit = (head43: string): string => `${head43}${digitoChave(head43)}`;

let serial = 1000;
/**
 * A well-formed NFC-e key of `cnpj` (the shop's by default), April 2017 in Paraná unless told:
 * série 001, a number of its own, tpEmis 1, its check digit.
 */
export function newKey(
  o: { cnpj?: string; cUF?: string; aamm?: string; modelo?: string; tpEmis?: string } = {},
) {
  const n = String(++serial).padStart(9, '0');
  const head = `${o.cUF ?? '41'}${o.aamm ?? '1704'}${o.cnpj ?? SHOP_CNPJ}${o.modelo ?? '65'}001${n}${o.tpEmis ?? '1'}${String(serial).padStart(8, '0')}`;
  return withDigit(head);
}

/** The v2 online QR code of a key (production), as a receipt prints it. */
export const qrOf = (chave: string, tpAmb = 1) =>
  `https://www.fazenda.pr.gov.br/nfce/qrcode?p=${chave}|2|${tpAmb}|1|0A1B2C3D4E5F60718293A4B5C6D7E8F901234567`;

export type Who = 'partner' | 'admin' | 'otherAdmin' | 'super';

export interface World {
  city: number;
  otherCity: number;
  shop: { id_estabelecimento: number; nome: string };
  campaign: number;
  entity: { id_entidade: number; nome: string; account: number };
  tokens: Record<Who, string>;
  /** Residents of the city without a password, and their sessions. */
  residents: number[];
  residentTokens: Map<number, string>;
}

/** Builds the world on `t` (the clock already in the key's month). */
export async function buildWorld(t: TestApp, residents = 25): Promise<World> {
  const city = (await createCity(t.db, { uf: 'PR' })).cod_cidade;
  const otherCity = (await createCity(t.db, { uf: 'PR' })).cod_cidade;
  const shop = await createShop(t.db, { cod_cidade: city });
  await t.db
    .insertInto('estabelecimento_cnpjs')
    .values({ cnpj: SHOP_CNPJ, id_estabelecimento: shop.id_estabelecimento, criado_em: nowIso() })
    .execute();
  const { id_campanha } = await createCampaign(t.db, {
    cod_cidade: city,
    lojas: [{ id_estabelecimento: shop.id_estabelecimento, fator_sorteio: 0.01 }],
  });
  const partner = await createUser(t.db, {
    cod_cidade: city,
    parceiro: true,
    estabelecimentos: [shop.id_estabelecimento],
  });
  const admin = await createUser(t.db, { cod_cidade: city, admin: true });
  const otherAdmin = await createUser(t.db, { cod_cidade: otherCity, admin: true });
  const superadmin = await createUser(t.db, { cod_cidade: otherCity, superadmin: true });
  const entity = await createEntity(t.db, city, 'Lar das Crianças');
  const people = await insertConsumers(t.db, {
    cod_cidade: city,
    nomes: Array.from({ length: residents }, (_, i) => `Morador ${i + 1}`),
  });
  const residentTokens = new Map<number, string>();
  for (const id of people) residentTokens.set(id, await sessionFor(t.db, id));
  return {
    city,
    otherCity,
    shop,
    campaign: id_campanha,
    entity: { id_entidade: entity.id_entidade, nome: entity.nome, account: entity.account.id_usuario },
    tokens: {
      partner: await sessionFor(t.db, partner.id_usuario),
      admin: await sessionFor(t.db, admin.id_usuario),
      otherAdmin: await sessionFor(t.db, otherAdmin.id_usuario),
      super: await sessionFor(t.db, superadmin.id_usuario),
    },
    residents: people,
    residentTokens,
  };
}

/** A resident of the world taken for one test (never given to another). */
export function residentPool(w: World) {
  let next = 0;
  return () => {
    const id = w.residents[next++];
    if (id === undefined) throw new Error('moradores esgotados: aumente o mundo');
    return id;
  };
}

/** `POST /v1/recibos` as `idUsuario`. */
export const sendReceipt = (t: TestApp, w: World, idUsuario: number, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/recibos',
    headers: bearer(w.residentTokens.get(idUsuario)!),
    payload: body,
  });

let numero = 0;
/** How the shop's report names the buyer. */
export type Buyer = number | 'codigo' | 'ninguem' | { cpf_busca: string };

/** A sale registered through the sale path: to a resident, or pending with a hand-over code. */
export async function registerSale(
  t: TestApp,
  w: World,
  buyer: Buyer,
  o: { valor?: number } = {},
): Promise<{ id_venda: number; codigo?: string }> {
  const named = typeof buyer === 'number';
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/parceiro/vendas',
    headers: bearer(w.tokens.partner),
    payload: {
      id_campanha: w.campaign,
      id_estabelecimento: w.shop.id_estabelecimento,
      id_usuario: named ? buyer : -1,
      dat_venda: day(-1),
      numero_venda: `NFCE-${++numero}`,
      valor_venda: o.valor ?? 150,
      id_vendedor: 99,
      ...(named ? {} : { qrcode: true }),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json<{ venda?: { id_venda: number }; id_venda?: number; codigo?: string }>();
  return { id_venda: body.venda?.id_venda ?? body.id_venda!, codigo: body.codigo };
}

/**
 * The key written on a registered sale, as the sale path stores the partner's report: 'ninguem'
 * and `cpf_busca` make the pending sale one without a buyer (no code) or waiting for a CPF.
 * `announce`: in the same transaction, the hook the sale path calls when it writes a key
 * (`keyReported`), for a report that comes after the resident's receipt.
 */
export async function writeKey(
  t: TestApp,
  idVenda: number,
  chave: string,
  buyer: Buyer,
  announce = false,
): Promise<void> {
  const cpf = typeof buyer === 'object' ? buyer.cpf_busca : null;
  const waitsForNobody = buyer === 'ninguem' || cpf !== null;
  await transaction(t.db, async (trx) => {
    await trx
      .updateTable('vendas')
      .set({
        chave_nfce: chave,
        ...(waitsForNobody ? { qr_token_hash: null, qr_expira_em: null } : {}),
        ...(cpf ? { cpf_busca: cpf, cpf_mascara: '***.***.***-00' } : {}),
      })
      .where('id_venda', '=', idVenda)
      .execute();
    if (announce)
      await keyReported(trx, {
        id_venda: idVenda,
        chave,
        id_usuario: typeof buyer === 'number' ? buyer : null,
        cpf_busca: cpf,
        sem_comprador: buyer === 'ninguem',
        at: nowIso(),
      });
  });
}

/** The partner's report of `chave`: a sale registered, then its key written (`writeKey`). */
export async function reportSale(
  t: TestApp,
  w: World,
  chave: string,
  buyer: Buyer,
  o: { valor?: number; announce?: boolean } = {},
): Promise<{ id_venda: number; codigo?: string }> {
  const sale = await registerSale(t, w, buyer, o);
  await writeKey(t, sale.id_venda, chave, buyer, o.announce);
  return sale;
}

/** The stored receipt of a key, or undefined. */
export const receiptOf = (t: TestApp, chave: string) =>
  t.db.selectFrom('recibos').selectAll().where('chave', '=', chave).executeTakeFirst();

/** What the stored sale says now. */
export const saleRow = (t: TestApp, idVenda: number) =>
  t.db
    .selectFrom('vendas')
    .select(['id_venda', 'id_usuario', 'recibo_confirmado_em', 'excluida_em', 'pontos_e6'])
    .where('id_venda', '=', idVenda)
    .executeTakeFirstOrThrow();

/** A person's points in the campaign. */
export async function pointsOf(t: TestApp, w: World, idUsuario: number): Promise<number> {
  const row = await t.db
    .selectFrom('saldos')
    .select('pontos_e6')
    .where('id_usuario', '=', idUsuario)
    .where('id_campanha', '=', w.campaign)
    .executeTakeFirst();
  return Number(row?.pontos_e6 ?? 0);
}

/** A person's notifications' titles and bodies, oldest first. */
export const notificationsOf = (t: TestApp, idUsuario: number) =>
  t.db
    .selectFrom('usuario_notificacoes')
    .select(['title', 'body'])
    .where('id_usuario', '=', idUsuario)
    .orderBy('id_message')
    .execute();
