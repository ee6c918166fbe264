import fs from 'node:fs';
import path from 'node:path';
import { MSG, MSG_VENDA } from '@praca/contract';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearer, createCity, createShop, createUser, sessionFor } from './factories.js';
import { dialect, useSecondInstance, useTestApp } from './helper.js';

/**
 * Issue 11, abuse limits: review posting, customer search, image upload and removal requests
 * are counted per person, in the database (issue 38: every instance counts against one
 * limit); past the limit the answer is 429 with the Portuguese text and a Retry-After, and
 * nothing is stored. (Login, registration and reset limits: sessions,
 * registration and account tests.) Small limits here so that a few requests reach them.
 */
describe('abuse limits (429 {erro}, Retry-After, nothing stored)', () => {
  const t = useTestApp({
    AVALIACAO_RATE_MAX: '2',
    BUSCA_CLIENTE_RATE_MAX: '3',
    UPLOAD_RATE_MAX: '2',
    REMOCAO_RATE_MAX: '2',
  });

  function expectTooMany(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ erro: MSG.muitasTentativas });
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(15 * 60);
  }

  it('review posting: two reviews per person per window, the third is 429 and not stored; another person still may', async () => {
    const city = await createCity(t.db);
    const shops = await Promise.all([1, 2, 3].map(() => createShop(t.db, { cod_cidade: city.cod_cidade })));
    const [ana, bia] = await Promise.all([1, 2].map(() => createUser(t.db, { cod_cidade: city.cod_cidade })));
    const anaToken = await sessionFor(t.db, ana.id_usuario);
    const post = (token: string, id_estabelecimento: number) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/estabelecimentos/avaliacoes',
        headers: bearer(token),
        payload: { id_estabelecimento, nro_estrelas: 5, den_avaliacao: 'Atendimento muito bom' },
      });

    expect((await post(anaToken, shops[0].id_estabelecimento)).statusCode).toBe(202);
    expect((await post(anaToken, shops[1].id_estabelecimento)).statusCode).toBe(202);
    expectTooMany(await post(anaToken, shops[2].id_estabelecimento));
    const stored = await t.db
      .selectFrom('avaliacoes')
      .select('id_estabelecimento')
      .where('id_usuario', '=', ana.id_usuario)
      .execute();
    expect(stored.map((r) => r.id_estabelecimento).sort()).toEqual(
      [shops[0].id_estabelecimento, shops[1].id_estabelecimento].sort(),
    );

    const other = await post(await sessionFor(t.db, bia.id_usuario), shops[2].id_estabelecimento);
    expect(other.statusCode).toBe(202);
  });

  it('customer search: a staff session (401 anonymous, 403 consumer), at least 3 characters (400), then 429 past the limit', async () => {
    const city = await createCity(t.db);
    const shop = await createShop(t.db, { cod_cidade: city.cod_cidade });
    const partner = await createUser(t.db, {
      cod_cidade: city.cod_cidade,
      parceiro: true,
      estabelecimentos: [shop.id_estabelecimento],
    });
    await createUser(t.db, { cod_cidade: city.cod_cidade, nome: 'Cliente Procurada' });
    const consumer = await createUser(t.db, { cod_cidade: city.cod_cidade });
    const search = (nome: string, token?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/v1/parceiro/usuarios?nome=${encodeURIComponent(nome)}`,
        headers: token ? bearer(token) : {},
      });

    expect((await search('Procurada')).statusCode).toBe(401);
    const byConsumer = await search('Procurada', await sessionFor(t.db, consumer.id_usuario));
    expect(byConsumer.statusCode).toBe(403);
    expect(byConsumer.json()).toEqual({ erro: MSG.semPermissao });

    const token = await sessionFor(t.db, partner.id_usuario);
    const short = await search('Pr', token);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ erro: MSG_VENDA.buscaCurta });
    const found = await search('Procurada', token);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual([expect.objectContaining({ nome: 'Cliente P.' })]);
    // The short search and the found one counted: the third is the last one allowed.
    expect((await search('Procurada', token)).statusCode).toBe(200);
    expectTooMany(await search('Procurada', token));
  });

  it('image upload: two per admin per window, the third is 429 before its body is read, and no file is kept', async () => {
    const city = await createCity(t.db);
    const admin = await createUser(t.db, { cod_cidade: city.cod_cidade, admin: true });
    const token = await sessionFor(t.db, admin.id_usuario);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a7' } })
      .png()
      .toBuffer();
    const upload = () =>
      t.app.inject({
        method: 'POST',
        url: '/img/imgest/post_img.php',
        headers: bearer(token),
        payload: { nomearq: 'loja.png', conteudo: png.toString('base64') },
      });
    const paths: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const ok = await upload();
      expect(ok.statusCode, ok.body).toBe(201);
      paths.push(ok.json<{ caminho: string }>().caminho);
    }
    expect(new Set(paths).size).toBe(2);
    expectTooMany(await upload());
  });

  it("a receipt's photo (issue 37): two per person per window, the third is 429 and keeps no file", async () => {
    const me = await createUser(t.db);
    const token = await sessionFor(t.db, me.id_usuario);
    const png = await sharp({ create: { width: 30, height: 60, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const upload = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/contestacoes/comprovante',
        headers: bearer(token),
        payload: { nomearq: 'recibo.png', conteudo: png.toString('base64') },
      });
    for (let i = 0; i < 2; i += 1) expect((await upload()).statusCode).toBe(201);
    expectTooMany(await upload());
    const folder = path.join(t.config.dataDir, 'comprovantes');
    expect(fs.readdirSync(folder).filter((f) => f.startsWith(`${me.id_usuario}-`))).toHaveLength(2);
  });

  it('removal requests: each mails a link, so two per person per window; the third is 429 and makes no code', async () => {
    const me = await createUser(t.db);
    const token = await sessionFor(t.db, me.id_usuario);
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/usuarios/solicitaremocao',
        headers: bearer(token),
        payload: { email: me.email },
      });
    const codes = () =>
      t.db
        .selectFrom('codigos')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id_usuario', '=', me.id_usuario)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));

    expect((await ask()).statusCode).toBe(201);
    expect((await ask()).statusCode).toBe(201);
    // The code is made and mailed by a job (decision 043).
    await t.app.jobs.idle();
    expect(await codes()).toBe(2);
    expectTooMany(await ask());
    await t.app.jobs.idle();
    expect(await codes()).toBe(2);
  });
});

describe.runIf(dialect === 'postgres')(
  'limits per person shared by two instances on one PostgreSQL database',
  () => {
    const t = useTestApp({ BUSCA_CLIENTE_RATE_MAX: '4' });
    const instance = useSecondInstance(t);

    it('customer searches through either instance count against one limit', async () => {
      const city = await createCity(t.db);
      const shop = await createShop(t.db, { cod_cidade: city.cod_cidade });
      const partner = await createUser(t.db, {
        cod_cidade: city.cod_cidade,
        parceiro: true,
        estabelecimentos: [shop.id_estabelecimento],
      });
      const token = await sessionFor(t.db, partner.id_usuario);
      const search = (app: FastifyInstance) =>
        app.inject({ method: 'GET', url: '/v1/parceiro/usuarios?nome=Procurada', headers: bearer(token) });
      for (let i = 0; i < 4; i++) expect((await search(i % 2 ? instance() : t.app)).statusCode).toBe(200);
      expect((await search(t.app)).statusCode).toBe(429);
      expect((await search(instance())).statusCode).toBe(429);
    });
  },
);
