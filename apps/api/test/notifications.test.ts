import {
  MSG,
  MSG_ADMIN,
  MSG_NOTIFICACAO,
  type NotificacaoUsuario,
  type EnvioNotificacao,
  type ResultadoEnvioNotificacao,
} from '@praca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createDb } from '../src/db/index.js';
import { auditTrail, countRows, createCast, sender, type Cast, type Who } from './admin-fixtures.js';
import { bearer, createCity, createShop, createUser, insertConsumers, sessionFor } from './factories.js';
import { createTestApp, useTestApp } from './helper.js';
import { startPushService, type PushService, type SubscriptionJson } from './push-service.js';

// The tests' push service runs on loopback, which only PUSH_ALLOW_LOOPBACK lets the server reach.
const t = useTestApp({ PUBLIC_URL: 'https://praca.example', PUSH_ALLOW_LOOPBACK: 'true' });
let push: PushService;

beforeAll(async () => {
  push = await startPushService();
});
afterAll(async () => {
  await push?.close();
});

/** A fresh pair of cities and the five callers (consumer, partner and admin of A; admin and super of B). */
async function world(): Promise<Cast & { cityA: number; cityB: number; send: ReturnType<typeof sender> }> {
  const cityA = (await createCity(t.db)).cod_cidade;
  const cityB = (await createCity(t.db)).cod_cidade;
  const cast = await createCast(t.db, cityA, cityB);
  return { ...cast, cityA, cityB, send: sender(t, cast) };
}

/** A push subscription of the push service, stored for a person without going through HTTP. */
async function subscribed(idUsuario: number): Promise<SubscriptionJson> {
  const s = push.subscribe();
  await t.db
    .insertInto('push_assinaturas')
    .values({
      id_usuario: idUsuario,
      endpoint: s.endpoint,
      p256dh: s.keys.p256dh,
      auth: s.keys.auth,
      ies_promocao: 'S',
      ies_live: 'S',
      ies_sorteio: 'S',
      device: '',
      os_version: '',
      ip: '',
      atualizado_em: new Date().toISOString(),
    })
    .execute();
  return s;
}

const rowsOf = (idNotificacao: number) =>
  t.db
    .selectFrom('usuario_notificacoes')
    .select(['id_usuario', 'title', 'body', 'type', 'image'])
    .where('id_notificacao', '=', idNotificacao)
    .orderBy('id_usuario')
    .execute();

const payloadsOf = (s: SubscriptionJson) => push.received(s).map((r) => r.payload as Record<string, unknown>);

async function sent(
  w: { send: ReturnType<typeof sender> },
  p: string,
  body: object,
  who: Who = 'adminA',
): Promise<ResultadoEnvioNotificacao> {
  const res = await w.send(who, 'POST', `/v1/adm/notificacao?p=${p}`, body);
  expect(res.statusCode, res.body).toBe(202);
  return fannedOut(w, res.json<ResultadoEnvioNotificacao>(), (body as { cod_cidade: number }).cod_cidade);
}

/**
 * The 202 answer queued the pushes (issue 38): once the jobs ran, the answer's counts as the
 * progress route tells them (by the super-admin, who sees every city).
 */
async function fannedOut(
  w: { send: ReturnType<typeof sender> },
  r: ResultadoEnvioNotificacao,
  codCidade: number,
): Promise<ResultadoEnvioNotificacao> {
  await t.app.jobs.idle();
  const list = await w.send('superB', 'GET', `/v1/adm/notificacoes?cod_cidade=${codCidade}`);
  expect(list.statusCode, list.body).toBe(200);
  const n = list.json<EnvioNotificacao[]>().find((x) => x.id_notificacao === r.id_notificacao);
  expect(n).toBeDefined();
  return { ...r, enviadas: n!.enviadas, falhas: n!.falhas, removidas: n!.removidas, pendentes: n!.pendentes };
}

const chave = async () =>
  (await t.app.inject({ url: '/v1/pushnotification/chave' })).json<{ publicKey: string }>();

describe('who may call', () => {
  it('answers 401 without a session on every route but the public key', async () => {
    const w = await world();
    const calls: [Parameters<typeof w.send>[1], string, object?][] = [
      ['GET', '/v1/usuarios/notificacao'],
      ['DELETE', '/v1/usuarios/notificacao/1'],
      ['GET', '/v1/usuarios/notificacao?todas=S'],
      ['POST', '/v1/usuarios/notificacao/lidas', { id_message: [1] }],
      ['POST', '/v1/usuarios/notificacao', { title: 'x' }],
      ['POST', '/v1/usuarios/salvatoken', { token: push.subscribe() }],
      ['POST', '/v1/adm/notificacao?p=N', { title: 'x', body: 'y', cod_cidade: w.cityA }],
      ['GET', `/v1/pushnotification/registration?TODOS=A&cod_cidade=${w.cityA}`],
      ['PATCH', '/v1/pushnotification/registration', { failedTokens: [] }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await w.send(null, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ erro: MSG.naoAutenticado });
    }
    expect((await t.app.inject({ url: '/v1/pushnotification/chave' })).statusCode).toBe(200);
  });

  it('answers 403 to consumers and partners on the admin routes, and to an admin of another city', async () => {
    const w = await world();
    const before = await countRows(t.db, 'notificacoes');
    const admin: [Parameters<typeof w.send>[1], string, object?][] = [
      ['POST', '/v1/adm/notificacao?p=N', { title: 'x', body: 'y', cod_cidade: w.cityA }],
      ['GET', `/v1/pushnotification/registration?TODOS=A&cod_cidade=${w.cityA}`],
      ['PATCH', '/v1/pushnotification/registration', { failedTokens: [] }],
    ];
    for (const [method, url, payload] of admin) {
      for (const who of ['consumer', 'partner'] as const) {
        const res = await w.send(who, method, url, payload);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ erro: MSG.semPermissao });
      }
    }
    for (const [method, url, payload] of admin.slice(0, 2)) {
      const res = await w.send('adminB', method, url, payload);
      expect(res.statusCode, `adminB ${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ erro: MSG_ADMIN.outraCidade });
    }
    const unknown = await w.send('superB', 'POST', '/v1/adm/notificacao?p=N', {
      title: 'x',
      body: 'y',
      cod_cidade: 9_999_999,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ erro: MSG_ADMIN.cidadeNaoEncontrada });
    expect(await countRows(t.db, 'notificacoes')).toBe(before);
  });
});

describe('VAPID keys', () => {
  it('answers the public key (65 bytes, base64url) that signs the pushes', async () => {
    const { publicKey } = await chave();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
    const raw = Buffer.from(publicKey, 'base64url');
    expect(raw).toHaveLength(65);
    expect(raw[0]).toBe(4);
    const row = await t.db
      .selectFrom('configuracoes')
      .select('valor')
      .where('chave', '=', 'vapid_chaves')
      .executeTakeFirst();
    expect(JSON.parse(row?.valor ?? '{}')).toMatchObject({ publicKey });
  });

  it('keeps the generated pair: a second server on the same database answers the same key', async () => {
    const db2 = createDb({ databaseUrl: t.config.DATABASE_URL, dataDir: t.dataDir, poolSize: 2 });
    const app2 = await buildApp(t.config, db2);
    try {
      await app2.ready();
      const other = (await app2.inject({ url: '/v1/pushnotification/chave' })).json<{ publicKey: string }>();
      expect(other).toEqual(await chave());
      expect(await countRows(t.db, 'configuracoes')).toBeGreaterThanOrEqual(1);
    } finally {
      await app2.close();
      await db2.close();
    }
  });

  it('uses VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, and refuses only one of them', async () => {
    const { generateVapidKeys } = await import('../src/lib/web-push.js');
    const keys = generateVapidKeys();
    const t2 = await createTestApp({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey });
    try {
      expect((await t2.app.inject({ url: '/v1/pushnotification/chave' })).json()).toEqual({
        publicKey: keys.publicKey,
      });
      expect(await countRows(t2.db, 'configuracoes')).toBe(0);
    } finally {
      await t2.close();
    }
    const { resolveVapidKeys } = await import('../src/modules/notifications/push.js');
    await expect(
      resolveVapidKeys(t.db, { ...t.config, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: undefined }),
    ).rejects.toThrow(/VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY/);
  });
});

describe('POST /v1/adm/notificacao: the fan-out', () => {
  it('N: a row for every person of the city, a push to each subscription, decrypted to what was sent', async () => {
    const w = await world();
    const [quiet] = await insertConsumers(t.db, { cod_cidade: w.cityA, nomes: ['Sem inscrição'] });
    const [gone] = await insertConsumers(t.db, { cod_cidade: w.cityA, nomes: ['Removida'], removido: true });
    const subs = {
      consumer: await subscribed(w.ids.consumer),
      consumer2: await subscribed(w.ids.consumer),
      partner: await subscribed(w.ids.partner),
      adminA: await subscribed(w.ids.adminA),
      removed: await subscribed(gone),
      adminB: await subscribed(w.ids.adminB),
    };
    const body = 'Feira na praça sábado às 9h — traga sua sacola! 🎉';
    const r = await sent(w, 'N', {
      title: 'Feira de sábado',
      body,
      image: 'imgprom/feira.png',
      cod_cidade: w.cityA,
    });
    expect(r).toEqual({
      id_notificacao: expect.any(Number),
      destinatarios: 4,
      enviadas: 4,
      falhas: 0,
      removidas: 0,
      pendentes: 0,
    });
    expect((await rowsOf(r.id_notificacao)).map((x) => x.id_usuario)).toEqual(
      [w.ids.consumer, w.ids.partner, w.ids.adminA, quiet].sort((a, b) => a - b),
    );
    expect(await rowsOf(r.id_notificacao)).toContainEqual({
      id_usuario: quiet,
      title: 'Feira de sábado',
      body,
      type: 'M',
      image: 'imgprom/feira.png',
    });
    const expected = {
      title: 'Feira de sábado',
      body,
      image: 'https://praca.example/img/imgprom/feira.png',
      url: '/notificacao',
      id_notificacao: r.id_notificacao,
    };
    for (const s of [subs.consumer, subs.consumer2, subs.partner, subs.adminA]) {
      expect(payloadsOf(s)).toEqual([expected]);
    }
    expect(payloadsOf(subs.removed)).toEqual([]);
    expect(payloadsOf(subs.adminB)).toEqual([]);
    expect(push.problems).toEqual([]);

    // The VAPID JWT: the server's key, the push service's origin, a day-long TTL, reused.
    const { publicKey } = await chave();
    const got = push.received(subs.consumer)[0];
    expect(got.k).toBe(publicKey);
    expect(got.jwt.aud).toBe(push.origin);
    expect(got.jwt.sub).toMatch(/^mailto:/);
    expect(got.ttl).toBe(86_400);
    expect(
      new Set([subs.consumer, subs.partner, subs.adminA].map((s) => push.received(s)[0].token)).size,
    ).toBe(1);

    const stored = await t.db
      .selectFrom('notificacoes')
      .selectAll()
      .where('id_notificacao', '=', r.id_notificacao)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      cod_cidade: w.cityA,
      destino: 'N',
      type: 'M',
      enviado_por: w.ids.adminA,
      qtd_enviadas: 4,
      qtd_falhas: 0,
    });
    const trail = await auditTrail(t.db, 'notificacao', r.id_notificacao);
    // The send is audited once, with what was queued; the progress is the deliveries' (issue 38).
    expect(trail.map((a) => [a.id_usuario, a.acao])).toEqual([[w.ids.adminA, 'criar']]);
    expect(JSON.parse(trail[0].depois ?? '{}')).toMatchObject({
      title: 'Feira de sábado',
      destino: 'N',
      push: 'A',
      push_total: 4,
    });
  });

  it('P: the partners of the city — living there or running one of its shops — and nobody else', async () => {
    const w = await world();
    const shopA = await createShop(t.db, { cod_cidade: w.cityA });
    const shopB = await createShop(t.db, { cod_cidade: w.cityB });
    const runsShopInA = await createUser(t.db, {
      cod_cidade: w.cityB,
      parceiro: true,
      estabelecimentos: [shopA.id_estabelecimento],
    });
    const partnerOfB = await createUser(t.db, {
      cod_cidade: w.cityB,
      parceiro: true,
      estabelecimentos: [shopB.id_estabelecimento],
    });
    const subs = {
      partner: await subscribed(w.ids.partner),
      runsShopInA: await subscribed(runsShopInA.id_usuario),
      partnerOfB: await subscribed(partnerOfB.id_usuario),
      consumer: await subscribed(w.ids.consumer),
      adminA: await subscribed(w.ids.adminA),
    };
    const r = await sent(w, 'P', { title: 'Parceiros', body: 'Reunião na segunda', cod_cidade: w.cityA });
    expect(r).toMatchObject({ destinatarios: 2, enviadas: 2, falhas: 0 });
    expect((await rowsOf(r.id_notificacao)).map((x) => x.id_usuario).sort((a, b) => a - b)).toEqual(
      [w.ids.partner, runsShopInA.id_usuario].sort((a, b) => a - b),
    );
    expect(payloadsOf(subs.partner)).toMatchObject([
      { title: 'Parceiros', body: 'Reunião na segunda', image: '' },
    ]);
    expect(payloadsOf(subs.runsShopInA)).toHaveLength(1);
    for (const s of [subs.partnerOfB, subs.consumer, subs.adminA]) expect(payloadsOf(s)).toEqual([]);
  });

  it('I: the sender alone; a super-admin may send to any city', async () => {
    const w = await world();
    const subs = {
      adminA: await subscribed(w.ids.adminA),
      consumer: await subscribed(w.ids.consumer),
      superB: await subscribed(w.ids.superB),
    };
    const r = await sent(w, 'I', { title: 'Teste', body: 'Só para mim', cod_cidade: w.cityA }, 'superB');
    expect(r).toMatchObject({ destinatarios: 1, enviadas: 1, falhas: 0, removidas: 0 });
    expect((await rowsOf(r.id_notificacao)).map((x) => x.id_usuario)).toEqual([w.ids.superB]);
    expect(payloadsOf(subs.superB)).toMatchObject([{ title: 'Teste', body: 'Só para mim' }]);
    expect(payloadsOf(subs.adminA)).toEqual([]);
    expect(payloadsOf(subs.consumer)).toEqual([]);
  });

  it('the push target may differ from the rows: p=I push=A, p=N push=I, p=N push=P', async () => {
    const w = await world();
    const subs = {
      adminA: await subscribed(w.ids.adminA),
      consumer: await subscribed(w.ids.consumer),
      partner: await subscribed(w.ids.partner),
    };
    const a = await sent(w, 'I', { title: 'Eu, todos', body: 'x', cod_cidade: w.cityA, push: 'A' });
    expect(a).toMatchObject({ destinatarios: 1, enviadas: 3 });
    expect((await rowsOf(a.id_notificacao)).map((x) => x.id_usuario)).toEqual([w.ids.adminA]);
    const b = await sent(w, 'N', { title: 'Todos, eu', body: 'x', cod_cidade: w.cityA, push: 'I' });
    expect(b).toMatchObject({ destinatarios: 3, enviadas: 1 });
    const c = await sent(w, 'N', { title: 'Todos, parceiros', body: 'x', cod_cidade: w.cityA, push: 'P' });
    expect(c).toMatchObject({ destinatarios: 3, enviadas: 1 });
    expect(payloadsOf(subs.adminA).map((p) => p.title)).toEqual(['Eu, todos', 'Todos, eu']);
    expect(payloadsOf(subs.consumer).map((p) => p.title)).toEqual(['Eu, todos']);
    expect(payloadsOf(subs.partner).map((p) => p.title)).toEqual(['Eu, todos', 'Todos, parceiros']);
  });

  it('deletes the subscriptions answered 404 and 410, keeps and counts the 500 one', async () => {
    const w = await world();
    const ok = await subscribed(w.ids.consumer);
    const s410 = await subscribed(w.ids.consumer);
    const s404 = await subscribed(w.ids.partner);
    const s500 = await subscribed(w.ids.adminA);
    push.answer(s410, 410);
    push.answer(s404, 404);
    push.answer(s500, 500);
    const r = await sent(w, 'N', { title: 'Limpeza', body: 'x', cod_cidade: w.cityA });
    // The 500 is worth a retry: it stays pending, its batch job waits for its backoff (issue 38).
    expect(r).toMatchObject({ destinatarios: 3, enviadas: 1, falhas: 2, removidas: 2, pendentes: 1 });
    const left = await t.db
      .selectFrom('push_assinaturas')
      .select('endpoint')
      .where(
        'endpoint',
        'in',
        [ok, s410, s404, s500].map((s) => s.endpoint),
      )
      .execute();
    expect(left.map((x) => x.endpoint).sort()).toEqual([ok.endpoint, s500.endpoint].sort());
    expect(
      await t.db
        .selectFrom('notificacoes')
        .select(['qtd_enviadas', 'qtd_falhas'])
        .where('id_notificacao', '=', r.id_notificacao)
        .executeTakeFirst(),
    ).toEqual({ qtd_enviadas: 1, qtd_falhas: 2 });
    // The gone ones got (and the push service decrypted) the message before answering.
    expect(payloadsOf(s410)).toHaveLength(1);
    expect(push.problems).toEqual([]);
  });

  it('an unreachable push service is a failure to retry, kept', async () => {
    const w = await world();
    const dead = 'http://127.0.0.1:1/push/nada';
    const s = push.subscribe();
    await t.db
      .insertInto('push_assinaturas')
      .values({
        id_usuario: w.ids.consumer,
        endpoint: dead,
        p256dh: s.keys.p256dh,
        auth: s.keys.auth,
        atualizado_em: new Date().toISOString(),
        device: '',
        os_version: '',
        ip: '',
        ies_promocao: 'S',
        ies_live: 'S',
        ies_sorteio: 'S',
      })
      .execute();
    const r = await sent(w, 'N', { title: 'Ninguém', body: 'x', cod_cidade: w.cityA });
    expect(r).toMatchObject({ enviadas: 0, falhas: 0, removidas: 0, pendentes: 1 });
    expect(
      await t.db.selectFrom('push_assinaturas').select('id').where('endpoint', '=', dead).executeTakeFirst(),
    ).toBeDefined();
  });

  it('sends a big audience in pages with at most 16 requests in flight', async () => {
    const w = await world();
    const ids = await insertConsumers(t.db, {
      cod_cidade: w.cityA,
      nomes: Array.from({ length: 60 }, (_, i) => `P${i}`),
    });
    const subs = [];
    for (const id of ids) subs.push(await subscribed(id));
    push.delayMs = 20;
    try {
      const before = push.requests();
      const r = await sent(w, 'N', { title: 'Muitos', body: 'x', cod_cidade: w.cityA });
      expect(r).toMatchObject({ destinatarios: 63, enviadas: 60, falhas: 0 });
      expect(push.requests() - before).toBe(60);
      expect(push.maxInFlight()).toBeLessThanOrEqual(16);
      expect(push.maxInFlight()).toBeGreaterThan(1);
      for (const s of subs) expect(payloadsOf(s)).toHaveLength(1);
    } finally {
      push.delayMs = 0;
    }
  });

  it('accepts 2,000 characters and refuses 2,001, storing nothing', async () => {
    const w = await world();
    const sub = await subscribed(w.ids.consumer);
    const long = 'ç'.repeat(2000);
    const r = await sent(w, 'N', { title: 'Longa', body: long, cod_cidade: w.cityA });
    expect(r).toMatchObject({ destinatarios: 3, enviadas: 1 });
    expect((await rowsOf(r.id_notificacao))[0].body).toBe(long);
    // 4,000 bytes do not fit in one push message: the push carries the start, the row the whole.
    const [p] = payloadsOf(sub);
    expect(p.body).toMatch(/^ç+…$/);
    expect(Buffer.byteLength(JSON.stringify(p))).toBeLessThanOrEqual(3800);

    const counts = async () => [
      await countRows(t.db, 'notificacoes'),
      await countRows(t.db, 'usuario_notificacoes'),
      await countRows(t.db, 'auditoria'),
    ];
    const before = await counts();
    const requests = push.requests();
    const refused: [string, object, string][] = [
      ['N', { title: 'Longa', body: 'a'.repeat(2001), cod_cidade: w.cityA }, MSG_NOTIFICACAO.mensagemLonga],
      ['N', { title: '  ', body: 'x', cod_cidade: w.cityA }, MSG_NOTIFICACAO.tituloObrigatorio],
      ['N', { title: 'x', body: '  ', cod_cidade: w.cityA }, MSG_NOTIFICACAO.mensagemObrigatoria],
      ['N', { title: 'x', cod_cidade: w.cityA }, MSG_NOTIFICACAO.mensagemObrigatoria],
      ['X', { title: 'x', body: 'x', cod_cidade: w.cityA }, MSG_NOTIFICACAO.destinoInvalido],
      ['N', { title: 'x', body: 'x', cod_cidade: w.cityA, push: 'Z' }, MSG_NOTIFICACAO.alvoInvalido],
    ];
    for (const [p, body, erro] of refused) {
      const res = await w.send('adminA', 'POST', `/v1/adm/notificacao?p=${p}`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ erro });
    }
    expect(await counts()).toEqual(before);
    expect(push.requests()).toBe(requests);
  });
});

describe('POST /v1/usuarios/salvatoken', () => {
  it('keeps one row per endpoint: the same one again updates its keys, flags and owner', async () => {
    const w = await world();
    const s = push.subscribe();
    const first = await w.send('consumer', 'POST', '/v1/usuarios/salvatoken', {
      token: JSON.stringify(s),
      device: 'Pixel 8',
      os_version: 'Android 15',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ ok: true });
    const row = () =>
      t.db.selectFrom('push_assinaturas').selectAll().where('endpoint', '=', s.endpoint).execute();
    expect(await row()).toMatchObject([
      {
        id_usuario: w.ids.consumer,
        p256dh: s.keys.p256dh,
        auth: s.keys.auth,
        ies_promocao: 'S',
        ies_live: 'S',
        ies_sorteio: 'S',
        device: 'Pixel 8',
        os_version: 'Android 15',
        ip: '127.0.0.1',
      },
    ]);
    const again = await w.send('partner', 'POST', '/v1/usuarios/salvatoken', {
      token: s,
      ies_promocao: 'N',
      ies_sorteio: 'N',
      device: 'Pixel 8a',
      ip: '200.1.2.3',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await row()).toMatchObject([
      {
        id_usuario: w.ids.partner,
        ies_promocao: 'N',
        ies_live: 'S',
        ies_sorteio: 'N',
        device: 'Pixel 8a',
        ip: '200.1.2.3',
      },
    ]);
    // And it works: a push to the partner reaches it.
    const r = await sent(w, 'I', { title: 'Oi', body: 'x', cod_cidade: w.cityA, push: 'P' });
    expect(r.enviadas).toBe(1);
    expect(payloadsOf(s)).toMatchObject([{ title: 'Oi' }]);
  });

  it('refuses a bad token with 400 and stores nothing', async () => {
    const w = await world();
    const s = push.subscribe();
    const other = push.subscribe();
    const before = await countRows(t.db, 'push_assinaturas');
    const bad: unknown[] = [
      'não é json',
      '{"endpoint":"https://x.example/1"}',
      { ...s, endpoint: 'ftp://x.example/1' },
      { ...s, endpoint: 'javascript:alert(1)' },
      { ...s, keys: { p256dh: s.keys.p256dh, auth: Buffer.alloc(8).toString('base64url') } },
      { ...s, keys: { p256dh: s.keys.p256dh.slice(0, 40), auth: s.keys.auth } },
      // 65 bytes starting with 4 that are no point of the curve.
      {
        ...s,
        keys: {
          p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'),
          auth: s.keys.auth,
        },
      },
      { ...s, keys: { p256dh: 'inválida!', auth: s.keys.auth } },
      { endpoint: other.endpoint },
      '',
    ];
    for (const token of bad) {
      const res = await w.send('consumer', 'POST', '/v1/usuarios/salvatoken', { token });
      expect(res.statusCode, JSON.stringify(token)).toBe(400);
      expect(res.json<{ erro: string }>().erro).toBeTruthy();
    }
    const nothing = await w.send('consumer', 'POST', '/v1/usuarios/salvatoken', {});
    expect(nothing.statusCode).toBe(400);
    expect(await countRows(t.db, 'push_assinaturas')).toBe(before);
  });

  it('refuses endpoints that are not https on public addresses (SSRF), with a Portuguese message', async () => {
    const s = push.subscribe();
    const refused = [
      'http://127.0.0.1:4199/push/x',
      'https://127.8.9.10/push/x',
      'https://2130706433/push/x', // 127.0.0.1 as one number
      'https://localhost:8443/push/x', // a name resolving to 127.0.0.1
      'https://[::1]/push/x',
      'https://[::ffff:127.0.0.1]/push/x',
      'https://10.255.255.1:8443/push/x',
      'https://[::ffff:10.0.0.1]/push/x',
      'https://172.16.0.1/push/x',
      'https://172.31.255.254/push/x',
      'https://192.168.1.1/push/x',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/push/x',
      'https://0.0.0.0/push/x',
      'https://224.0.0.1/push/x',
      'https://[fc00::1]/push/x',
      'https://[fd12:3456::1]/push/x',
      'https://[fe80::1]/push/x',
      'https://[::]/push/x',
      'https://[64:ff9b::a00:1]/push/x', // NAT64 of 10.0.0.1
      'http://93.184.215.14/push/x', // public, but plain http
      'https://push.invalid/push/x', // does not resolve
    ];
    // Without PUSH_ALLOW_LOOPBACK (the default) every one is refused; nothing is connected to.
    const t2 = await createTestApp();
    try {
      const u = await createUser(t2.db);
      const headers = bearer(await sessionFor(t2.db, u.id_usuario));
      for (const endpoint of refused) {
        const res = await t2.app.inject({
          method: 'POST',
          url: '/v1/usuarios/salvatoken',
          headers,
          payload: { token: { ...s, endpoint } },
        });
        expect(res.statusCode, endpoint).toBe(400);
        expect(res.json(), endpoint).toEqual({ erro: MSG_NOTIFICACAO.enderecoRecusado });
      }
      expect(await countRows(t2.db, 'push_assinaturas')).toBe(0);
      // A public https address is taken (stored only: nothing is sent to it here).
      const ok = await t2.app.inject({
        method: 'POST',
        url: '/v1/usuarios/salvatoken',
        headers,
        payload: { token: { ...s, endpoint: 'https://93.184.215.14/push/x' } },
      });
      expect(ok.statusCode, ok.body).toBe(201);
    } finally {
      await t2.close();
    }
    // PUSH_ALLOW_LOOPBACK (the tests' setting) lets loopback in, and nothing else of the list.
    const w = await world();
    for (const endpoint of refused.filter((e) => !/127\.|2130706433|localhost|::1\]/.test(e))) {
      const res = await w.send('consumer', 'POST', '/v1/usuarios/salvatoken', { token: { ...s, endpoint } });
      expect(res.statusCode, endpoint).toBe(400);
    }
    const local = await w.send('consumer', 'POST', '/v1/usuarios/salvatoken', {
      token: { ...s, endpoint: `http://localhost:${new URL(push.origin).port}/push/x` },
    });
    expect(local.statusCode).toBe(201);
  });

  it('checks the endpoint again when sending: a stored bad one is skipped, logged, never connected to', async () => {
    const lines: string[] = [];
    const logStream = { write: (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)) };
    // This app does not allow loopback, and the push service listens on loopback: a connection
    // would show in its record.
    const t2 = await createTestApp({ LOG_LEVEL: 'warn' }, { logStream });
    try {
      const city = (await createCity(t2.db)).cod_cidade;
      const cast = await createCast(t2.db, city, (await createCity(t2.db)).cod_cidade);
      const s = push.subscribe();
      const localhost = {
        ...push.subscribe(),
        endpoint: push.subscribe().endpoint.replace('127.0.0.1', 'localhost'),
      };
      for (const endpoint of [
        s.endpoint,
        localhost.endpoint,
        'https://10.255.255.1:8443/push/x',
        'https://[fe80::1]/x',
      ]) {
        await t2.db
          .insertInto('push_assinaturas')
          .values({
            id_usuario: cast.ids.consumer,
            endpoint,
            p256dh: s.keys.p256dh,
            auth: s.keys.auth,
            ies_promocao: 'S',
            ies_live: 'S',
            ies_sorteio: 'S',
            device: '',
            os_version: '',
            ip: '',
            atualizado_em: new Date().toISOString(),
          })
          .execute();
      }
      const requestsBefore = push.requests();
      const started = Date.now();
      const res = await sender(t2, cast)('adminA', 'POST', '/v1/adm/notificacao?p=N', {
        title: 'Oi',
        body: 'x',
        cod_cidade: city,
      });
      expect(res.statusCode, res.body).toBe(202);
      await t2.app.jobs.idle();
      const progress = await sender(t2, cast)('adminA', 'GET', `/v1/adm/notificacoes?cod_cidade=${city}`);
      expect(progress.json<EnvioNotificacao[]>()[0]).toMatchObject({
        total: 4,
        enviadas: 0,
        falhas: 4,
        removidas: 0,
      });
      // No connection attempt: nothing reached the push service, nothing waited on 10.255.255.1.
      expect(push.requests()).toBe(requestsBefore);
      expect(push.received(s)).toEqual([]);
      expect(Date.now() - started).toBeLessThan(5000);
      const skipped = lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.msg === 'push endpoint skipped');
      expect(skipped).toHaveLength(4);
      // The push service is plain http on loopback: refused before its address even matters.
      expect(skipped.map((l) => l.motivo).sort()).toEqual([
        'non-public address 10.255.255.1',
        'non-public address fe80::1',
        'not https',
        'not https',
      ]);
    } finally {
      await t2.close();
    }
  });

  it('keeps at most 10 subscriptions per person: the 11th is refused with 409; re-registering one of the 10 still works', async () => {
    const w = await world();
    const subs = Array.from({ length: 11 }, () => push.subscribe());
    for (const s of subs.slice(0, 10)) {
      const res = await w.send('consumer', 'POST', '/v1/usuarios/salvatoken', { token: s });
      expect(res.statusCode, res.body).toBe(201);
    }
    const eleventh = await w.send('consumer', 'POST', '/v1/usuarios/salvatoken', { token: subs[10] });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toEqual({ erro: MSG_NOTIFICACAO.limiteAparelhos });
    const again = await w.send('consumer', 'POST', '/v1/usuarios/salvatoken', {
      token: subs[3],
      ies_live: 'N',
    });
    expect(again.statusCode).toBe(200);
    // Nor can it take over another person's endpoint past the cap.
    const partners = await w.send('partner', 'POST', '/v1/usuarios/salvatoken', { token: subs[10] });
    expect(partners.statusCode).toBe(201);
    const takeOver = await w.send('consumer', 'POST', '/v1/usuarios/salvatoken', { token: subs[10] });
    expect(takeOver.statusCode).toBe(409);
    const mine = await t.db
      .selectFrom('push_assinaturas')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('id_usuario', '=', w.ids.consumer)
      .executeTakeFirstOrThrow();
    expect(Number(mine.n)).toBe(10);
  });
});

describe('a person’s notifications', () => {
  const URL = '/v1/usuarios/notificacao';

  it('lists the unread ones newest first; delete removes one of one’s own, 404 for others’ and unknown', async () => {
    const w = await world();
    const r1 = await sent(w, 'N', { title: 'Primeira', body: 'a', cod_cidade: w.cityA });
    const r2 = await sent(w, 'N', {
      title: 'Segunda',
      body: 'b',
      image: 'imgprom/x.png',
      cod_cidade: w.cityA,
    });
    const list = await w.send('consumer', 'GET', URL);
    expect(list.statusCode).toBe(200);
    const items = list.json<NotificacaoUsuario[]>();
    expect(items.map((i) => i.title)).toEqual(['Segunda', 'Primeira']);
    expect(items[0]).toEqual({
      id_message: expect.any(Number),
      id_notificacao: r2.id_notificacao,
      type: 'M',
      title: 'Segunda',
      body: 'b',
      image: 'imgprom/x.png',
      dat_recece: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      lida: 'N',
    });
    // A read one is no longer listed (the badge counts the unread).
    await t.db
      .updateTable('usuario_notificacoes')
      .set({ lida_em: new Date().toISOString() })
      .where('id_message', '=', items[1].id_message)
      .execute();
    expect((await w.send('consumer', 'GET', URL)).json<NotificacaoUsuario[]>().map((i) => i.title)).toEqual([
      'Segunda',
    ]);

    const partners = (await w.send('partner', 'GET', URL)).json<NotificacaoUsuario[]>();
    const others = await w.send('consumer', 'DELETE', `${URL}/${partners[0].id_message}`);
    expect(others.statusCode).toBe(404);
    expect(others.json()).toEqual({ erro: MSG_NOTIFICACAO.notificacaoNaoEncontrada });
    expect((await w.send('partner', 'GET', URL)).json()).toHaveLength(2);
    expect((await w.send('consumer', 'DELETE', `${URL}/999999999`)).statusCode).toBe(404);
    expect((await w.send('consumer', 'DELETE', `${URL}/abc`)).statusCode).toBe(400);

    const del = await w.send('consumer', 'DELETE', `${URL}/${items[0].id_message}`);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await w.send('consumer', 'GET', URL)).json()).toEqual([]);
    expect((await w.send('consumer', 'DELETE', `${URL}/${items[0].id_message}`)).statusCode).toBe(404);
    expect(r1.destinatarios).toBe(3);
  });

  it('marks the ones shown as read: the unread list (the badge) empties, the whole list still has them', async () => {
    const w = await world();
    await sent(w, 'N', { title: 'Primeira', body: 'a', cod_cidade: w.cityA });
    await sent(w, 'N', { title: 'Segunda', body: 'b', cod_cidade: w.cityA });
    const unread = (await w.send('consumer', 'GET', URL)).json<NotificacaoUsuario[]>();
    expect(unread.map((i) => [i.title, i.lida])).toEqual([
      ['Segunda', 'N'],
      ['Primeira', 'N'],
    ]);
    const all = await w.send('consumer', 'GET', `${URL}?todas=S`);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual(unread);

    // Another person's id is left as it is; one's own are marked, once.
    const partners = (await w.send('partner', 'GET', URL)).json<NotificacaoUsuario[]>();
    const ids = unread.map((i) => i.id_message);
    const marked = await w.send('consumer', 'POST', `${URL}/lidas`, {
      id_message: [...ids, partners[0]!.id_message, 999999999],
    });
    expect(marked.statusCode, marked.body).toBe(204);
    expect(marked.body).toBe('');
    expect((await w.send('consumer', 'GET', URL)).json()).toEqual([]);
    const after = (await w.send('consumer', 'GET', `${URL}?todas=S`)).json<NotificacaoUsuario[]>();
    expect(after.map((i) => [i.title, i.lida])).toEqual([
      ['Segunda', 'S'],
      ['Primeira', 'S'],
    ]);
    expect((await w.send('partner', 'GET', URL)).json()).toHaveLength(2);
    const readAt = await t.db
      .selectFrom('usuario_notificacoes')
      .select('lida_em')
      .where('id_message', '=', ids[0]!)
      .executeTakeFirstOrThrow();
    expect(readAt.lida_em).not.toBeNull();
    expect((await w.send('consumer', 'POST', `${URL}/lidas`, { id_message: ids })).statusCode).toBe(204);
    expect(
      (
        await t.db
          .selectFrom('usuario_notificacoes')
          .select('lida_em')
          .where('id_message', '=', ids[0]!)
          .executeTakeFirstOrThrow()
      ).lida_em,
    ).toBe(readAt.lida_em);

    // A new one is unread again, above the read ones; a read one can still be deleted.
    await sent(w, 'N', { title: 'Terceira', body: 'c', cod_cidade: w.cityA });
    expect((await w.send('consumer', 'GET', URL)).json<NotificacaoUsuario[]>().map((i) => i.title)).toEqual([
      'Terceira',
    ]);
    expect(
      (await w.send('consumer', 'GET', `${URL}?todas=S`)).json<NotificacaoUsuario[]>().map((i) => i.lida),
    ).toEqual(['N', 'S', 'S']);
    expect((await w.send('consumer', 'DELETE', `${URL}/${ids[0]}`)).statusCode).toBe(204);
    expect((await w.send('consumer', 'GET', `${URL}?todas=S`)).json()).toHaveLength(2);

    for (const body of [{}, { id_message: [] }, { id_message: ['x'] }, { id_message: Array(501).fill(1) }]) {
      const bad = await w.send('consumer', 'POST', `${URL}/lidas`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json()).toHaveProperty('erro');
    }
    expect((await w.send('consumer', 'GET', `${URL}?todas=X`)).statusCode).toBe(400);
  });

  it('stores a foreground push (201); with an id_notificacao already held answers that row (200)', async () => {
    const w = await world();
    const created = await w.send('consumer', 'POST', URL, {
      type: 'N',
      title: 'Chegou',
      body: 'agora',
      image: '',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      id_notificacao: null,
      type: 'N',
      title: 'Chegou',
      body: 'agora',
      image: '',
    });

    const r = await sent(w, 'N', { title: 'Do admin', body: 'x', cod_cidade: w.cityA });
    const held = (await w.send('consumer', 'GET', URL))
      .json<NotificacaoUsuario[]>()
      .find((i) => i.id_notificacao === r.id_notificacao);
    const dup = await w.send('consumer', 'POST', URL, {
      title: 'Do admin',
      body: 'x',
      id_notificacao: r.id_notificacao,
    });
    expect(dup.statusCode).toBe(200);
    expect(dup.json()).toEqual(held);
    expect((await rowsOf(r.id_notificacao)).filter((x) => x.id_usuario === w.ids.consumer)).toHaveLength(1);

    // One not held yet (sent to 'I' only) is stored once, then answered.
    const mine = await sent(w, 'I', { title: 'Só admin', body: 'x', cod_cidade: w.cityA });
    const first = await w.send('consumer', 'POST', URL, {
      title: 'Só admin',
      body: 'x',
      id_notificacao: mine.id_notificacao,
    });
    expect(first.statusCode).toBe(201);
    const second = await w.send('consumer', 'POST', URL, {
      title: 'Só admin',
      body: 'x',
      id_notificacao: mine.id_notificacao,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());

    const bad = await w.send('consumer', 'POST', URL, { title: '', body: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ erro: MSG_NOTIFICACAO.tituloObrigatorio });
    const long = await w.send('consumer', 'POST', URL, { title: 'x', body: 'a'.repeat(2001) });
    expect(long.json()).toEqual({ erro: MSG_NOTIFICACAO.mensagemLonga });
    expect((await w.send('consumer', 'GET', URL)).json()).toHaveLength(3);
  });
});

describe('/v1/pushnotification/registration', () => {
  const URL = '/v1/pushnotification/registration';

  it('lists the tokens of A, P or I of a city', async () => {
    const w = await world();
    const subs = {
      consumer: await subscribed(w.ids.consumer),
      partner: await subscribed(w.ids.partner),
      adminA: await subscribed(w.ids.adminA),
      adminB: await subscribed(w.ids.adminB),
    };
    const tokens = async (todos: string, who: Who = 'adminA') => {
      const res = await w.send(who, 'GET', `${URL}?TODOS=${todos}&cod_cidade=${w.cityA}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<string[]>().map((x) => JSON.parse(x) as SubscriptionJson);
    };
    expect(await tokens('A')).toEqual([subs.consumer, subs.partner, subs.adminA]);
    expect(await tokens('P')).toEqual([subs.partner]);
    expect(await tokens('I')).toEqual([subs.adminA]);
    expect(await tokens('A', 'superB')).toHaveLength(3);
    for (const todos of ['X', 'N']) {
      const bad = await w.send('adminA', 'GET', `${URL}?TODOS=${todos}&cod_cidade=${w.cityA}`);
      expect(bad.statusCode, todos).toBe(400);
      // The message offers the values this field takes (A, not the notification's N).
      expect(bad.json(), todos).toEqual({ erro: MSG_NOTIFICACAO.alvoInvalido });
    }
  });

  it('deletes the failed tokens (JSON or bare endpoint); a plain admin only those of its city', async () => {
    const w = await world();
    const a1 = await subscribed(w.ids.consumer);
    const a2 = await subscribed(w.ids.partner);
    const b1 = await subscribed(w.ids.adminB);
    // A partner living in B who runs a shop of A is one of A's partners.
    const shopA = await createShop(t.db, { cod_cidade: w.cityA });
    const runsShopInA = await createUser(t.db, {
      cod_cidade: w.cityB,
      parceiro: true,
      estabelecimentos: [shopA.id_estabelecimento],
    });
    const p1 = await subscribed(runsShopInA.id_usuario);
    const before = await countRows(t.db, 'push_assinaturas');
    const res = await w.send('adminA', 'PATCH', URL, {
      failedTokens: [JSON.stringify(a1), a2.endpoint, b1.endpoint, p1.endpoint, 'lixo', '{"x":1}'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ removidos: 3 });
    expect(await countRows(t.db, 'push_assinaturas')).toBe(before - 3);
    const byB = await w.send('superB', 'PATCH', URL, { failedTokens: [JSON.stringify(b1)] });
    expect(byB.json()).toEqual({ removidos: 1 });
    expect(await countRows(t.db, 'push_assinaturas')).toBe(before - 4);
    const trail = await t.db
      .selectFrom('auditoria')
      .select(['id_usuario', 'acao'])
      .where('entidade', '=', 'push_assinatura')
      .where('id_usuario', 'in', [w.ids.adminA, w.ids.superB])
      .orderBy('id')
      .execute();
    expect(trail).toEqual([
      { id_usuario: w.ids.adminA, acao: 'excluir' },
      { id_usuario: w.ids.superB, acao: 'excluir' },
    ]);
  });
});

describe('OpenAPI', () => {
  it('documents every notification route', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(Object.keys(doc.paths['/v1/usuarios/notificacao'])).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(doc.paths['/v1/usuarios/notificacao/{id_message}']).toHaveProperty('delete');
    expect(doc.paths['/v1/usuarios/notificacao/lidas']).toHaveProperty('post');
    expect(doc.paths['/v1/usuarios/salvatoken']).toHaveProperty('post');
    expect(doc.paths['/v1/pushnotification/chave']).toHaveProperty('get');
    expect(doc.paths['/v1/adm/notificacao']).toHaveProperty('post');
    expect(Object.keys(doc.paths['/v1/pushnotification/registration'])).toEqual(
      expect.arrayContaining(['get', 'patch']),
    );
  });
});

describe('the VAPID header cache', () => {
  it('signs once per push-service origin and signs again past half of its 12 h life', async () => {
    const { PushSender, generateVapidKeys } = await import('../src/lib/web-push.js');
    const { verifyVapid } = await import('./push-service.js');
    const s = new PushSender({ vapid: { ...generateVapidKeys(), subject: 'mailto:suporte@praca.example' } });
    try {
      const now = Math.floor(Date.now() / 1000);
      const first = s.authorization('https://push.example', now);
      const claims = verifyVapid(first, 'https://push.example', now).jwt;
      expect(claims.exp).toBe(now + 12 * 3600);
      expect(s.authorization('https://push.example', now + 5 * 3600)).toBe(first);
      expect(s.authorization('https://other.example', now)).not.toBe(first);
      const renewed = s.authorization('https://push.example', now + 6 * 3600 + 1);
      expect(renewed).not.toBe(first);
      expect(verifyVapid(renewed, 'https://push.example', now + 6 * 3600 + 1).jwt.exp).toBe(
        now + 18 * 3600 + 1,
      );
    } finally {
      s.close();
    }
  });
});
