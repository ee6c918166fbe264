import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_INTEGRACAO } from '@praca/contract';
import { DELIVERY_JOB } from '../src/modules/integration/delivery.js';
import { today } from '../src/lib/clock.js';
import { agendamento } from './apuracao-helpers.js';
import { dialect, useSecondInstance, useTestApp } from './helper.js';
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
 * Issue 39, webhooks: an admin (city) or a partner (own shop) registers a URL; each event of
 * its scope is POSTed signed (`X-Praca-Assinatura: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`),
 * retried after a failure through the job queue, dead after the last attempt, and shown in the
 * hook's history. The receiver below is the check the OpenAPI page documents.
 */

/** What a receiver does (the documented check): HMAC of "t.body", constant-time, 5 minutes. */
function verify(header: string | undefined, body: string, secret: string, nowSeconds: number): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) return false;
  if (Math.abs(nowSeconds - t) > 300) return false; // a replay, or a clock far off
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface Received {
  path: string;
  body: string;
  signature: string | undefined;
  evento: string | undefined;
}

/** A test receiver on 127.0.0.1: records every POST; `plan` answers statuses in turn (then 200). */
const received: Received[] = [];
const plans = new Map<string, number[]>();
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString('utf8')));
  req.on('end', () => {
    const path = req.url ?? '';
    received.push({
      path,
      body,
      signature: req.headers['x-praca-assinatura'] as string | undefined,
      evento: req.headers['x-praca-evento'] as string | undefined,
    });
    const plan = plans.get(path) ?? [];
    res.statusCode = plan.length > 0 ? plan.shift()! : 200;
    res.end('ok');
  });
});
let base = '';

const t = useTestApp({ PUSH_ALLOW_LOOPBACK: 'true', WEBHOOK_ESPERA_MS: '50', WEBHOOK_TENTATIVAS: '3' });

const w = {} as {
  cod_cidade: number;
  shopA: number;
  shopB: number;
  campaign: number;
  consumers: number[];
  pa: string;
  pb: string;
  admin: string;
};

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const city = await createCity(t.db);
  w.cod_cidade = city.cod_cidade;
  w.shopA = (await createShop(t.db, { cod_cidade: city.cod_cidade })).id_estabelecimento;
  w.shopB = (await createShop(t.db, { cod_cidade: city.cod_cidade })).id_estabelecimento;
  w.campaign = (
    await createCampaign(t.db, {
      cod_cidade: city.cod_cidade,
      lojas: [{ id_estabelecimento: w.shopA }, { id_estabelecimento: w.shopB }],
    })
  ).id_campanha;
  w.consumers = await insertConsumers(t.db, { cod_cidade: city.cod_cidade, nomes: ['Ana', 'Bia'] });
  const pa = await createUser(t.db, {
    cod_cidade: city.cod_cidade,
    parceiro: true,
    estabelecimentos: [w.shopA],
  });
  const pb = await createUser(t.db, {
    cod_cidade: city.cod_cidade,
    parceiro: true,
    estabelecimentos: [w.shopB],
  });
  const adm = await createUser(t.db, { cod_cidade: city.cod_cidade, admin: true });
  w.pa = await sessionFor(t.db, pa.id_usuario);
  w.pb = await sessionFor(t.db, pb.id_usuario);
  w.admin = await sessionFor(t.db, adm.id_usuario);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const register = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: bearer(token), payload });

let numero = 0;
const sale = (token: string, shop = w.shopA) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/parceiro/vendas',
    headers: bearer(token),
    payload: {
      id_campanha: w.campaign,
      id_estabelecimento: shop,
      id_usuario: w.consumers[0],
      dat_venda: today(),
      numero_venda: `W-${++numero}`,
      valor_venda: 150,
      id_vendedor: 99,
    },
  });

const history = async (token: string, id: number) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/webhooks/${id}/entregas`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ evento: string; situacao: string; tentativas: number; status: number | null }[]>();
};

/** Waits until `done` holds (deliveries run in the background, retries after their backoff). */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('webhooks (issue 39)', () => {
  it('refuses URLs that are not https on a public host, and scopes outside the caller', async () => {
    for (const url of [
      'http://example.com/x',
      'https://10.0.0.8/x',
      'https://169.254.169.254/x',
      'ftp://a/b',
      'nada',
    ]) {
      const res = await register(w.admin, { url, eventos: ['venda.criada'] });
      expect(res.statusCode, url).toBe(400);
    }
    // A partner names one of its shops; a whole city is the admins'.
    expect((await register(w.pa, { url: `${base}/x`, eventos: ['venda.criada'] })).statusCode).toBe(400);
    expect(
      (await register(w.pa, { url: `${base}/x`, eventos: ['venda.criada'], id_estabelecimento: w.shopB }))
        .statusCode,
    ).toBe(403);
    expect((await register(w.admin, { url: `${base}/x`, eventos: ['venda.inventada'] })).statusCode).toBe(
      400,
    );
  });

  it('delivers a signed venda.criada that the documented check accepts, and refuses a replay', async () => {
    const res = await register(w.pa, {
      url: `${base}/loja-a`,
      eventos: ['venda.criada', 'venda.estornada'],
      id_estabelecimento: w.shopA,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id_webhook, segredo } = res.json<{ id_webhook: number; segredo: string }>();
    // Shop B's sale is not shop A's hook's business.
    expect((await sale(w.pb, w.shopB)).statusCode).toBe(201);
    const created = await sale(w.pa);
    expect(created.statusCode, created.body).toBe(201);
    const { venda } = created.json<{ venda: { id_venda: number } }>();

    const got = await until(
      async () => received.filter((r) => r.path === '/loja-a'),
      (r) => r.length >= 1,
    );
    expect(got).toHaveLength(1);
    const [delivery] = got;
    const now = Math.floor(Date.now() / 1000);
    expect(verify(delivery.signature, delivery.body, segredo, now)).toBe(true);
    const body = JSON.parse(delivery.body) as { id: string; evento: string; dados: Record<string, unknown> };
    expect(body.evento).toBe('venda.criada');
    expect(delivery.evento).toBe('venda.criada');
    expect(body.dados).toMatchObject({
      id_venda: venda.id_venda,
      id_estabelecimento: w.shopA,
      valor_venda: 150,
    });
    // Replayed six minutes later, or with another body, or another secret: refused.
    expect(verify(delivery.signature, delivery.body, segredo, now + 360)).toBe(false);
    expect(verify(delivery.signature, delivery.body.replace('150', '990'), segredo, now)).toBe(false);
    expect(verify(delivery.signature, delivery.body, 'whsec_outro', now)).toBe(false);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/v1/parceiro/vendas/${venda.id_venda}`,
      headers: bearer(w.pa),
    });
    expect(del.statusCode).toBe(200);
    const both = await until(
      async () => received.filter((r) => r.path === '/loja-a'),
      (r) => r.length >= 2,
    );
    expect(both.map((r) => r.evento)).toEqual(['venda.criada', 'venda.estornada']);
    const hist = await until(
      () => history(w.pa, id_webhook),
      (h) => h.every((d) => d.situacao === 'entregue'),
    );
    expect(hist.map((d) => [d.evento, d.situacao, d.status])).toEqual([
      ['venda.estornada', 'entregue', 200],
      ['venda.criada', 'entregue', 200],
    ]);
    // Another partner neither sees nor removes it: 404, as for an id nobody has (issue 52).
    for (const id of [id_webhook, 987_654]) {
      const seen = await t.app.inject({
        method: 'GET',
        url: `/v1/webhooks/${id}/entregas`,
        headers: bearer(w.pb),
      });
      expect(seen.statusCode).toBe(404);
      expect(seen.json()).toEqual({ erro: MSG_INTEGRACAO.webhookNaoEncontrado });
      const gone = await t.app.inject({ method: 'DELETE', url: `/v1/webhooks/${id}`, headers: bearer(w.pb) });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ erro: MSG_INTEGRACAO.webhookNaoEncontrado });
    }
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v1/webhooks/${id_webhook}`,
      headers: bearer(w.pa),
    });
    expect(removed.statusCode).toBe(200);
    expect((await sale(w.pa)).statusCode).toBe(201);
    await new Promise((r) => setTimeout(r, 300));
    expect(received.filter((r) => r.path === '/loja-a')).toHaveLength(2);
  });

  it('a shop’s hook stops the moment its partner loses the link to the shop, and shows inativo to admins (issue 52)', async () => {
    const shop = (await createShop(t.db, { cod_cidade: w.cod_cidade })).id_estabelecimento;
    await t.db
      .insertInto('campanha_estabelecimentos')
      .values({
        id_campanha: w.campaign,
        id_estabelecimento: shop,
        fator_cashback_e4: 0,
        fator_sorteio_e4: 100,
      })
      .execute();
    const p = await createUser(t.db, { cod_cidade: w.cod_cidade, parceiro: true, estabelecimentos: [shop] });
    const token = await sessionFor(t.db, p.id_usuario);
    const res = await register(token, {
      url: `${base}/desligada`,
      eventos: ['venda.criada'],
      id_estabelecimento: shop,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id_webhook } = res.json<{ id_webhook: number }>();
    const situacao = async () =>
      (await t.app.inject({ url: '/v1/webhooks', headers: bearer(w.admin) }))
        .json<{ id_webhook: number; situacao: string }[]>()
        .find((h) => h.id_webhook === id_webhook)?.situacao;
    expect(await situacao()).toBe('ativo');
    expect((await sale(w.admin, shop)).statusCode).toBe(201);
    await until(
      async () => received.filter((r) => r.path === '/desligada'),
      (r) => r.length >= 1,
    );
    // A delivery already queued when the link goes, and the events after it: nothing is sent.
    const queued = await t.db
      .insertInto('webhook_entregas')
      .values({ id_webhook, evento: 'venda.criada', corpo: '{}', criada_em: new Date().toISOString() })
      .returning('id_entrega')
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('usuario_estabelecimentos').where('id_usuario', '=', p.id_usuario).execute();
    await t.app.jobs.enqueue(t.db, DELIVERY_JOB, { id_entrega: queued.id_entrega });
    expect((await sale(w.admin, shop)).statusCode).toBe(201);
    await t.app.jobs.idle();
    await new Promise((r) => setTimeout(r, 300));
    expect(received.filter((r) => r.path === '/desligada')).toHaveLength(1);
    const rows = await t.db
      .selectFrom('webhook_entregas')
      .select(['situacao', 'erro'])
      .where('id_webhook', '=', id_webhook)
      .orderBy('id_entrega')
      .execute();
    expect(rows).toEqual([
      { situacao: 'entregue', erro: null },
      { situacao: 'morta', erro: 'webhook inativo' },
    ]);
    expect(await situacao()).toBe('inativo');
  });

  it('retries after a 500 and shows the attempts; the admin sees its city’s hooks', async () => {
    plans.set('/cidade', [500]);
    const res = await register(w.admin, { url: `${base}/cidade`, eventos: ['venda.criada'] });
    expect(res.statusCode, res.body).toBe(201);
    const { id_webhook, segredo } = res.json<{ id_webhook: number; segredo: string }>();
    expect((await sale(w.pb, w.shopB)).statusCode).toBe(201);
    const hist = await until(
      () => history(w.admin, id_webhook),
      (h) => h[0]?.situacao === 'entregue',
    );
    expect(hist).toHaveLength(1);
    expect(hist[0]).toMatchObject({
      evento: 'venda.criada',
      situacao: 'entregue',
      tentativas: 2,
      status: 200,
    });
    const got = received.filter((r) => r.path === '/cidade');
    expect(got).toHaveLength(2);
    // The same event, signed anew at each attempt.
    expect(got[0].body).toBe(got[1].body);
    for (const g of got)
      expect(verify(g.signature, g.body, segredo, Math.floor(Date.now() / 1000))).toBe(true);

    const list = await t.app.inject({ method: 'GET', url: '/v1/webhooks', headers: bearer(w.admin) });
    expect(list.json<{ id_webhook: number }[]>().some((h) => h.id_webhook === id_webhook)).toBe(true);
    expect(list.body).not.toContain(segredo);
    const partnerList = await t.app.inject({ method: 'GET', url: '/v1/webhooks', headers: bearer(w.pb) });
    expect(partnerList.json<{ id_webhook: number }[]>().some((h) => h.id_webhook === id_webhook)).toBe(false);
    await t.app.inject({ method: 'DELETE', url: `/v1/webhooks/${id_webhook}`, headers: bearer(w.admin) });
  });

  it('a delivery that keeps failing is dead after the last attempt, and says so', async () => {
    plans.set('/sempre-500', [500, 500, 500, 500, 500]);
    const res = await register(w.pb, {
      url: `${base}/sempre-500`,
      eventos: ['venda.criada'],
      id_estabelecimento: w.shopB,
    });
    const { id_webhook } = res.json<{ id_webhook: number }>();
    expect((await sale(w.pb, w.shopB)).statusCode).toBe(201);
    const hist = await until(
      () => history(w.pb, id_webhook),
      (h) => h[0]?.situacao === 'morta',
      20_000,
    );
    expect(hist[0]).toMatchObject({ situacao: 'morta', tentativas: 3, status: 500 });
  }, 30_000);

  it('tells a city hook that a complaint was decided (contestacao.resolvida), in the decision’s transaction', async () => {
    const res = await register(w.admin, { url: `${base}/contestacao`, eventos: ['contestacao.resolvida'] });
    expect(res.statusCode, res.body).toBe(201);
    const resident = await createUser(t.db, { cod_cidade: w.cod_cidade });
    const token = await sessionFor(t.db, resident.id_usuario);
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/parceiro/vendas',
      headers: bearer(w.pa),
      payload: {
        id_campanha: w.campaign,
        id_estabelecimento: w.shopA,
        id_usuario: resident.id_usuario,
        dat_venda: today(),
        numero_venda: `W-${++numero}`,
        valor_venda: 40,
        id_vendedor: 99,
      },
    });
    const { venda } = created.json<{ venda: { id_venda: number } }>();
    const opened = await t.app.inject({
      method: 'POST',
      url: '/v1/contestacoes',
      headers: bearer(token),
      payload: { tipo: 'nao_reconheco', id_venda: venda.id_venda },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const { id_contestacao } = opened.json<{ id_contestacao: number }>();
    // A refused decision (409, 400) sends nothing; the decision sends one event.
    const decided = await t.app.inject({
      method: 'POST',
      url: `/v1/adm/contestacoes/${id_contestacao}/decisao`,
      headers: bearer(w.admin),
      payload: { decisao: 'recusada', motivo: 'Compra confirmada pela loja' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const got = await until(
      async () => received.filter((r) => r.path === '/contestacao'),
      (r) => r.length >= 1,
    );
    expect(got).toHaveLength(1);
    const body = JSON.parse(got[0].body) as { evento: string; dados: Record<string, unknown> };
    expect(body).toMatchObject({
      evento: 'contestacao.resolvida',
      dados: { id_contestacao, decisao: 'recusada', id_estabelecimento: w.shopA, id_venda: venda.id_venda },
    });
    // No personal data of the resident in the event.
    expect(got[0].body).not.toContain(resident.email);
  });

  it('tells a city hook that an apuração was scheduled (apuracao.agendada); a shop hook hears nothing', async () => {
    const city = await register(w.admin, { url: `${base}/apuracao`, eventos: ['apuracao.agendada'] });
    expect(city.statusCode, city.body).toBe(201);
    // A campaign of its own (a scheduled apuração freezes its day), with one sale's coupon.
    const { id_campanha } = await createCampaign(t.db, {
      cod_cidade: w.cod_cidade,
      lojas: [{ id_estabelecimento: w.shopA }],
    });
    const sold = await t.app.inject({
      method: 'POST',
      url: '/v1/parceiro/vendas',
      headers: bearer(w.pa),
      payload: {
        id_campanha,
        id_estabelecimento: w.shopA,
        id_usuario: w.consumers[1],
        dat_venda: today(),
        numero_venda: `W-${++numero}`,
        valor_venda: 300,
        id_vendedor: 99,
      },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/adm/apuracoes',
      headers: bearer(w.admin),
      payload: agendamento(id_campanha),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { concurso } = res.json<{ concurso: number }>();
    const got = await until(
      async () => received.filter((r) => r.path === '/apuracao'),
      (r) => r.length >= 1,
    );
    expect(got).toHaveLength(1);
    expect(JSON.parse(got[0].body)).toMatchObject({
      evento: 'apuracao.agendada',
      dados: { id_campanha, concurso, qtd_premios: 1 },
    });
  });

  it('the OpenAPI page documents how to verify a delivery', () => {
    const doc = t.app.swagger() as { paths: Record<string, { post?: { description?: string } }> };
    const text = doc.paths['/v1/webhooks']?.post?.description ?? '';
    expect(text).toContain('X-Praca-Assinatura');
    expect(text).toContain('5 minutos');
  });

  describe.runIf(dialect === 'postgres')('two instances', () => {
    const other = useSecondInstance(t);

    it('a hook registered through one instance receives a sale made through the other', async () => {
      const shop = (await createShop(t.db, { cod_cidade: w.cod_cidade })).id_estabelecimento;
      await t.db
        .insertInto('campanha_estabelecimentos')
        .values({
          id_campanha: w.campaign,
          id_estabelecimento: shop,
          fator_cashback_e4: 500,
          fator_sorteio_e4: 100,
        })
        .execute();
      const p = await createUser(t.db, {
        cod_cidade: w.cod_cidade,
        parceiro: true,
        estabelecimentos: [shop],
      });
      const token = await sessionFor(t.db, p.id_usuario);
      const viaOther = () =>
        other().inject({
          method: 'POST',
          url: '/v1/parceiro/vendas',
          headers: bearer(token),
          payload: {
            id_campanha: w.campaign,
            id_estabelecimento: shop,
            id_usuario: w.consumers[1],
            dat_venda: today(),
            numero_venda: `W-${++numero}`,
            valor_venda: 10,
            id_vendedor: 99,
          },
        });
      // The other instance has loaded the city's hooks (none for this shop) before the hook exists.
      expect((await viaOther()).statusCode).toBe(201);
      const res = await register(token, {
        url: `${base}/outra`,
        eventos: ['venda.criada'],
        id_estabelecimento: shop,
      });
      expect(res.statusCode).toBe(201);
      // The invalidation crosses by NOTIFY: within a second the other instance enqueues it.
      await new Promise((r) => setTimeout(r, 1000));
      expect((await viaOther()).statusCode).toBe(201);
      const got = await until(
        async () => received.filter((r) => r.path === '/outra'),
        (r) => r.length >= 1,
      );
      expect(got).toHaveLength(1);
    });
  });
});
