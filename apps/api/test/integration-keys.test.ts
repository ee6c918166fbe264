import { CHAVES_API_MAX, MSG, MSG_INTEGRACAO, MSG_VENDA } from '@praca/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { today } from '../src/lib/clock.js';
import { keyHash } from '../src/modules/integration/keys-service.js';
import { useTestApp } from './helper.js';
import {
  bearer,
  createCampaign,
  createCity,
  createShop,
  createUser,
  insertConsumers,
  sessionFor,
} from './factories.js';

/**
 * Issue 39, "a door for shop systems": a partner's API key registers, edits and lists the sales
 * of its one shop through the screen's routes and rules, is rate-limited per key, audited as
 * the key, and ends when revoked.
 */
const t = useTestApp({ CHAVE_RATE_MAX: '6' });

const w = {} as {
  cod_cidade: number;
  shopA: number;
  shopA2: number;
  shopB: number;
  campaign: number;
  consumers: number[];
  pa: { id: number; token: string };
  pb: { id: number; token: string };
  admin: string;
  consumer: string;
};

let numero = 0;
const saleBody = (o: Record<string, unknown> = {}) => ({
  id_campanha: w.campaign,
  id_estabelecimento: w.shopA,
  id_usuario: w.consumers[0],
  dat_venda: today(),
  numero_venda: `K-${++numero}`,
  valor_venda: 120,
  id_vendedor: 99,
  ...o,
});

const newKey = async (token: string, id_estabelecimento: number, nome = `Caixa ${++numero}`) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/parceiro/chaves',
    headers: bearer(token),
    payload: { nome, id_estabelecimento },
  });

const keyOf = async (id_estabelecimento = w.shopA) => {
  const res = await newKey(w.pa.token, id_estabelecimento);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id_chave: number; chave: string }>();
};

beforeAll(async () => {
  const city = await createCity(t.db);
  w.cod_cidade = city.cod_cidade;
  w.shopA = (await createShop(t.db, { cod_cidade: city.cod_cidade })).id_estabelecimento;
  w.shopA2 = (await createShop(t.db, { cod_cidade: city.cod_cidade })).id_estabelecimento;
  w.shopB = (await createShop(t.db, { cod_cidade: city.cod_cidade })).id_estabelecimento;
  w.campaign = (
    await createCampaign(t.db, {
      cod_cidade: city.cod_cidade,
      lojas: [
        { id_estabelecimento: w.shopA },
        { id_estabelecimento: w.shopA2 },
        { id_estabelecimento: w.shopB },
      ],
    })
  ).id_campanha;
  w.consumers = await insertConsumers(t.db, { cod_cidade: city.cod_cidade, nomes: ['Ana', 'Bia', 'Caio'] });
  const pa = await createUser(t.db, {
    cod_cidade: city.cod_cidade,
    parceiro: true,
    estabelecimentos: [w.shopA, w.shopA2],
  });
  const pb = await createUser(t.db, {
    cod_cidade: city.cod_cidade,
    parceiro: true,
    estabelecimentos: [w.shopB],
  });
  const adm = await createUser(t.db, { cod_cidade: city.cod_cidade, admin: true });
  const c = await createUser(t.db, { cod_cidade: city.cod_cidade });
  w.pa = { id: pa.id_usuario, token: await sessionFor(t.db, pa.id_usuario) };
  w.pb = { id: pb.id_usuario, token: await sessionFor(t.db, pb.id_usuario) };
  w.admin = await sessionFor(t.db, adm.id_usuario);
  w.consumer = await sessionFor(t.db, c.id_usuario);
});

describe('API keys (issue 39)', () => {
  it('a partner makes a key for its own shop only; it is shown once and stored as an HMAC', async () => {
    const res = await newKey(w.pa.token, w.shopA, 'Caixa da frente');
    expect(res.statusCode, res.body).toBe(201);
    const { id_chave, chave } = res.json<{ id_chave: number; chave: string }>();
    expect(chave).toMatch(/^praca_[A-Za-z0-9_-]{43}$/);
    const row = await t.db
      .selectFrom('chaves_api')
      .selectAll()
      .where('id_chave', '=', id_chave)
      .executeTakeFirstOrThrow();
    expect(row.chave_hash).toBe(keyHash(chave));
    expect(JSON.stringify(row)).not.toContain(chave.slice(10));

    expect((await newKey(w.pa.token, w.shopB)).statusCode).toBe(403);
    expect((await newKey(w.admin, w.shopA)).statusCode).toBe(403);
    expect((await newKey(w.consumer, w.shopA)).statusCode).toBe(403);
    expect((await newKey(w.pa.token, 999_999)).statusCode).toBe(404);

    const list = await t.app.inject({
      method: 'GET',
      url: '/v1/parceiro/chaves',
      headers: bearer(w.pa.token),
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(chave.slice(10));
    const item = list.json<{ id_chave: number }[]>().find((k) => k.id_chave === id_chave);
    expect(item).toMatchObject({
      nome: 'Caixa da frente',
      id_estabelecimento: w.shopA,
      inicio: chave.slice(0, 10),
      usada_em: null,
    });
    // Another partner does not see it.
    const other = await t.app.inject({
      method: 'GET',
      url: '/v1/parceiro/chaves',
      headers: bearer(w.pb.token),
    });
    expect(other.json<{ id_chave: number }[]>().some((k) => k.id_chave === id_chave)).toBe(false);
  });

  it('registers, edits, lists and deletes sales of its shop, audited as the key; another shop is 403', async () => {
    const { id_chave, chave } = await keyOf();
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/parceiro/vendas',
      headers: bearer(chave),
      payload: saleBody(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { venda } = created.json<{ venda: { id_venda: number } }>();
    const audit = await t.db
      .selectFrom('auditoria')
      .select(['id_usuario', 'id_chave'])
      .where('entidade', '=', 'venda')
      .where('id_entidade', '=', String(venda.id_venda))
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ id_usuario: w.pa.id, id_chave });

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/v1/parceiro/vendas/${venda.id_venda}`,
      headers: bearer(chave),
      payload: saleBody({ valor_venda: 130 }),
    });
    expect(patched.statusCode, patched.body).toBe(200);

    const listed = await t.app.inject({
      method: 'GET',
      url: `/v1/parceiro/vendas?id_estabelecimento=${w.shopA}&id_campanha=${w.campaign}`,
      headers: bearer(chave),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ id_venda: number }[]>().some((v) => v.id_venda === venda.id_venda)).toBe(true);

    // The partner's other shop and another partner's shop are out of the key's reach.
    for (const shop of [w.shopA2, w.shopB]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/parceiro/vendas',
        headers: bearer(chave),
        payload: saleBody({ id_estabelecimento: shop }),
      });
      expect(res.statusCode, res.body).toBe(403);
    }
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v1/parceiro/vendas/${venda.id_venda}`,
      headers: bearer(chave),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const entries = await t.db
      .selectFrom('auditoria')
      .select(['acao', 'id_chave'])
      .where('entidade', '=', 'venda')
      .where('id_entidade', '=', String(venda.id_venda))
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { acao: 'criar', id_chave },
      { acao: 'alterar', id_chave },
      { acao: 'excluir', id_chave },
    ]);
  });

  it('is refused on every other route (401) and stamps its last use', async () => {
    const { id_chave, chave } = await keyOf();
    for (const url of ['/v1/parceiro/chaves', '/v1/usuarios/meusdados', '/v1/parceiro/estabelecimentos']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(chave) });
      expect(res.statusCode, url).toBe(401);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/parceiro/vendas?id_estabelecimento=${w.shopA}&id_campanha=0`,
      headers: bearer(chave),
    });
    expect(res.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('chaves_api')
      .select('usada_em')
      .where('id_chave', '=', id_chave)
      .executeTakeFirstOrThrow();
    expect(row.usada_em).not.toBeNull();
  });

  it('every fraud limit of the campaign applies to a key', async () => {
    const { chave } = await keyOf();
    const { id_campanha } = await createCampaign(t.db, {
      cod_cidade: w.cod_cidade,
      lojas: [{ id_estabelecimento: w.shopA }],
    });
    await t.db
      .updateTable('campanhas')
      .set({ limite_vendas_dia_loja: 1 })
      .where('id_campanha', '=', id_campanha)
      .execute();
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/parceiro/vendas',
        headers: bearer(chave),
        payload: saleBody({ id_campanha, id_usuario: w.consumers[1] }),
      });
    expect((await post()).statusCode).toBe(201);
    const second = await post();
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ erro: MSG_VENDA.limiteVendasDiaLoja.replace('{n}', '1') });
  });

  it('is rate-limited per key: past CHAVE_RATE_MAX a minute, 429; another key still passes', async () => {
    const { chave } = await keyOf();
    const { chave: other } = await keyOf();
    const get = (k: string) =>
      t.app.inject({
        method: 'GET',
        url: `/v1/parceiro/vendas?id_estabelecimento=${w.shopA}&id_campanha=0`,
        headers: bearer(k),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await get(chave)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect((await get(other)).statusCode).toBe(200);
    // The partner's own session is not counted against the key.
    const own = await t.app.inject({
      method: 'GET',
      url: `/v1/parceiro/vendas?id_estabelecimento=${w.shopA}&id_campanha=0`,
      headers: bearer(w.pa.token),
    });
    expect(own.statusCode).toBe(200);
  });

  it('a revoked key is 401; only its partner revokes it', async () => {
    const { id_chave, chave } = await keyOf();
    const del = (token: string) =>
      t.app.inject({ method: 'DELETE', url: `/v1/parceiro/chaves/${id_chave}`, headers: bearer(token) });
    expect((await del(w.pb.token)).statusCode).toBe(404);
    expect((await del(chave)).statusCode).toBe(401);
    const ok = await del(w.pa.token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    expect((await del(w.pa.token)).statusCode).toBe(404);
    const use = await t.app.inject({
      method: 'POST',
      url: '/v1/parceiro/vendas',
      headers: bearer(chave),
      payload: saleBody(),
    });
    expect(use.statusCode).toBe(401);
    expect(use.json()).toEqual({ erro: MSG.naoAutenticado });
    const list = await t.app.inject({
      method: 'GET',
      url: '/v1/parceiro/chaves',
      headers: bearer(w.pa.token),
    });
    expect(list.json<{ id_chave: number }[]>().some((k) => k.id_chave === id_chave)).toBe(false);
  });

  it('a key ends with its partner’s link to the shop', async () => {
    const { chave } = await keyOf(w.shopA2);
    await t.db
      .deleteFrom('usuario_estabelecimentos')
      .where('id_usuario', '=', w.pa.id)
      .where('id_estabelecimento', '=', w.shopA2)
      .execute();
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/parceiro/vendas?id_estabelecimento=${w.shopA2}&id_campanha=0`,
      headers: bearer(chave),
    });
    expect(res.statusCode).toBe(401);
  });

  it('at most CHAVES_API_MAX live keys per partner (issue 52): 409 past it, in parallel too; a revoked one frees a place', async () => {
    const p = await createUser(t.db, {
      cod_cidade: w.cod_cidade,
      parceiro: true,
      estabelecimentos: [w.shopA],
    });
    const token = await sessionFor(t.db, p.id_usuario);
    for (let i = 0; i < CHAVES_API_MAX - 5; i++) expect((await newKey(token, w.shopA)).statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 12 }, () => newKey(token, w.shopA)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(5);
    for (const r of answers.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ erro: MSG_INTEGRACAO.limiteChaves.replace('{n}', String(CHAVES_API_MAX)) });
    }
    const live = await t.app.inject({ url: '/v1/parceiro/chaves', headers: bearer(token) });
    const keys = live.json<{ id_chave: number }[]>();
    expect(keys).toHaveLength(CHAVES_API_MAX);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/v1/parceiro/chaves/${keys[0]!.id_chave}`,
      headers: bearer(token),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await newKey(token, w.shopA)).statusCode).toBe(201);
  });

  it('the OpenAPI page documents the key, with a curl example in Portuguese, on the sales routes', () => {
    const doc = t.app.swagger() as {
      components: { securitySchemes: Record<string, { description?: string }> };
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
    };
    const text = doc.components.securitySchemes.chaveApi?.description ?? '';
    expect(text).toContain('curl -X POST');
    expect(text).toContain('Authorization: Bearer praca_');
    expect(text).toContain('Exemplo');
    expect(doc.paths['/v1/parceiro/vendas']?.post?.security).toEqual([{ bearerAuth: [] }, { chaveApi: [] }]);
    expect(doc.paths['/v1/usuarios/vendas/resgatar']?.post?.security).toEqual([{ bearerAuth: [] }]);
  });
});
