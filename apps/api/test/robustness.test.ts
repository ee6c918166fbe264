import { MSG } from '@praca/contract';
import { sql } from 'kysely';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_PASSWORD,
  bearer,
  countRows,
  createCity,
  createShop,
  createUser,
  login,
} from './factories.js';
import { toAnswer } from '../src/plugins/error-handler.js';
import { useTestApp } from './helper.js';

const POST_ROUTES = [
  '/v1/login',
  '/v1/parceiro/login',
  '/v1/adm/usuarios/login',
  '/v1/usuarios/registro',
  '/v1/logout',
];

const GARBAGE_JSON: unknown[] = [
  null,
  'texto',
  42,
  true,
  [],
  [{ email: 'a@b.c' }],
  { email: { $gt: '' }, senha: { $ne: null } },
  { email: ["' OR 1=1 --"], senha: 1e308 },
  { email: "a@b.c' OR '1'='1", senha: "'; DROP TABLE usuarios; --" },
  { email: 'x'.repeat(10_000), senha: 'y'.repeat(10_000) },
  { email: 'a\u0000b@c.d', senha: '\u0000' },
  { email: '😀@🇧🇷.br', senha: '😀', nome: '😀'.repeat(200), cod_cidade: '😀' },
  { nome: 'A', email: 'a@b.co', senha: 'x', cod_cidade: -1 },
  { nome: 'A', email: 'a@b.co', senha: 'x', cod_cidade: 1e20 },
  { nome: 'A', email: 'a@b.co', senha: 'x', cod_cidade: 3.5 },
  { nome: 'A', email: 'a@b.co', senha: 'x', cod_cidade: '12abc' },
  { nome: null, email: null, senha: null, cod_cidade: null },
  { constructor: { prototype: { admin: 1 } } },
  JSON.parse('{"a":'.repeat(500) + '1' + '}'.repeat(500)),
];

const RAW_BODIES: { body: string | Buffer; type: string }[] = [
  { body: '', type: 'application/json' },
  { body: '{', type: 'application/json' },
  { body: '{"email": "a@b.c", "senha": }', type: 'application/json' },
  { body: '{"email":1e999,"senha":"x"}', type: 'application/json' },
  { body: Buffer.from([0xff, 0xfe, 0x7b, 0x00]), type: 'application/json' },
  { body: '{"email":"a@b.c","senha":"x"}', type: 'application/json; charset=latin1' },
  { body: '{"email":"a@b.c","senha":"x"}', type: 'text/html' },
  { body: '<xml/>', type: 'application/xml' },
  { body: '--x\r\n\r\n--x--', type: 'multipart/form-data; boundary=x' },
  { body: '{"email":"a@b.c","senha":"x"}', type: 'application/json;;;===' },
  { body: '{"__proto__":{"admin":true},"email":"a@b.c","senha":"x"}', type: 'application/json' },
];

describe('bad input never gets a 5xx', () => {
  const t = useTestApp();

  const expectClientError = async (opts: InjectOptions, label: string) => {
    const res = await t.app.inject(opts);
    expect(res.statusCode, `${label} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(
      400,
    );
    expect(res.statusCode, label).toBeLessThan(500);
    const answer = res.json();
    expect(Object.keys(answer), label).toEqual(['erro']);
    expect(typeof answer.erro).toBe('string');
    expect(answer.erro).not.toMatch(/SQL|sqlite|postgres|stack|at \w+ \(/i);
  };

  it('refuses garbage bodies, raw bytes and headers on every POST route with 4xx {erro}', async () => {
    await createCity(t.db);
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('usuarios')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    let n = 0;
    for (const url of POST_ROUTES) {
      for (const payload of GARBAGE_JSON) {
        await expectClientError(
          {
            method: 'POST',
            url,
            remoteAddress: `10.7.${Math.floor(n / 250)}.${n++ % 250}`,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          },
          `${url} ${JSON.stringify(payload).slice(0, 60)}`,
        );
      }
      for (const raw of RAW_BODIES) {
        await expectClientError(
          { method: 'POST', url, headers: { 'content-type': raw.type }, payload: raw.body },
          `${url} raw ${raw.type}`,
        );
      }
    }
    expect(await count()).toBe(before);
  });

  it('refuses odd URLs, queries and authorization headers with 4xx {erro}', async () => {
    const cases: (InjectOptions & { url: string })[] = [
      { method: 'GET', url: '/v1/%E0%A4%A' },
      { method: 'GET', url: '/v1/adm/cidades/%zz' },
      { method: 'GET', url: `/v1/${'a'.repeat(5000)}` },
      { method: 'GET', url: '/v1/cidades?__proto__[x]=1&a[b][c]=d' },
      { method: 'GET', url: '/v1/adm/cidades', headers: { authorization: `Bearer ${'a'.repeat(10_000)}` } },
      { method: 'GET', url: '/v1/adm/cidades', headers: { authorization: 'Bearer \u00e9\u00e9' } },
      { method: 'GET', url: '/v1/cidades', headers: { authorization: `Basic ${'='.repeat(50)}` } },
      {
        method: 'GET',
        url: '/v1/cidades',
        headers: { authorization: 'Basic ' + Buffer.from('semdoispontos').toString('base64') },
      },
      { method: 'PUT', url: '/v1/login', payload: {} },
      { method: 'PATCH', url: '/health', payload: {} },
    ];
    for (const c of cases) await expectClientError(c, `${c.method} ${c.url.slice(0, 60)}`);
  });

  it('still logs people in after all that', async () => {
    const user = await createUser(t.db);
    const token = await login(t.app, { email: user.email, senha: CLIENT_PASSWORD });
    const res = await t.app.inject({ method: 'POST', url: '/v1/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
  });
});

describe('a wrong type is refused, never converted (domain §1)', () => {
  const t = useTestApp();

  it('true is not 1 and [5] is not 5: each is 400 {erro} and nothing is stored; the number or its text is taken', async () => {
    const city = await createCity(t.db);
    const shop = await createShop(t.db, { cod_cidade: city.cod_cidade });
    const token = await login(t.app, await createUser(t.db, { cod_cidade: city.cod_cidade }));
    const count = (table: 'avaliacoes' | 'usuarios') => countRows(t.db, table);
    const review = (over: object) => ({
      method: 'POST' as const,
      url: '/v1/estabelecimentos/avaliacoes',
      headers: bearer(token),
      payload: {
        id_estabelecimento: shop.id_estabelecimento,
        den_avaliacao: 'Ótimo atendimento',
        nro_estrelas: 4,
        ...over,
      },
    });
    const registration = (cod_cidade: unknown) => ({
      method: 'POST' as const,
      url: '/v1/usuarios/registro',
      payload: {
        nome: 'Tipo Errado',
        email: `tipo.${Math.random().toString(36).slice(2)}@exemplo.com.br`,
        senha: CLIENT_PASSWORD,
        whatsup: '',
        endereco: 'Rua A',
        numero: '1',
        complemento: '',
        bairro: 'Centro',
        cidade: '',
        uf: '',
        cep: '',
        cod_cidade,
      },
    });
    const before = [await count('avaliacoes'), await count('usuarios')];
    for (const [label, opts] of [
      ['id_estabelecimento: true', review({ id_estabelecimento: true })],
      ['id_estabelecimento: [id]', review({ id_estabelecimento: [shop.id_estabelecimento] })],
      ['nro_estrelas: [5]', review({ nro_estrelas: [5] })],
      ['nro_estrelas: true', review({ nro_estrelas: true })],
      ['nro_estrelas: {}', review({ nro_estrelas: {} })],
      ['cod_cidade: [cod]', registration([city.cod_cidade])],
      ['cod_cidade: true', registration(true)],
    ] as const) {
      const res = await t.app.inject(opts);
      expect(res.statusCode, `${label} → ${res.body}`).toBe(400);
      expect(Object.keys(res.json()), label).toEqual(['erro']);
    }
    expect([await count('avaliacoes'), await count('usuarios')]).toEqual(before);

    // A number, or the text of one (as a form or a URL sends it), is still taken.
    const taken = await t.app.inject(review({ id_estabelecimento: String(shop.id_estabelecimento) }));
    expect(taken.statusCode, taken.body).toBe(202);
    expect((await t.app.inject(registration(String(city.cod_cidade)))).statusCode).toBe(201);
  });
});

describe('database errors', () => {
  const t = useTestApp();

  it('maps a unique violation of either dialect to 409 with a known message', async () => {
    const user = await createUser(t.db);
    // nome_busca is generated by the database: it cannot be written.
    const { nome_busca: _generated, ...row } = await t.db
      .selectFrom('usuarios')
      .selectAll()
      .where('id_usuario', '=', user.id_usuario)
      .executeTakeFirstOrThrow();
    const error = await t.db
      .insertInto('usuarios')
      .values({ ...row, id_usuario: undefined })
      .execute()
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(toAnswer(error)).toEqual({ status: 409, erro: MSG.emailEmUso });
    const other = await t.db
      .insertInto('categorias')
      .values([{ categoria: 'Dupla' }, { categoria: 'Dupla' }])
      .execute()
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(toAnswer(other)).toEqual({ status: 409, erro: MSG.registroDuplicado });
  });

  it('answers 500 with the generic text and no SQL or stack', async () => {
    const admin = await createUser(t.db, { admin: true });
    const token = await login(t.app, admin, 'admin');
    await sql`drop table categorias`.execute(t.db).catch(async () => {
      // PostgreSQL: estabelecimentos references categorias.
      await sql`drop table categorias cascade`.execute(t.db);
    });
    const res = await t.app.inject({ method: 'GET', url: '/v1/adm/categorias', headers: bearer(token) });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ erro: MSG.erroInterno });
  });
});
