import { MSG } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/lib/crypto.js';
import { CLIENT_PASSWORD, bearer, createCity, login } from './factories.js';
import { useTestApp } from './helper.js';

describe('POST /v1/usuarios/registro', () => {
  const t = useTestApp();
  const countUsers = async () =>
    Number(
      (
        await t.db
          .selectFrom('usuarios')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const body = (cod_cidade: number, over: Record<string, unknown> = {}) => ({
    nome: 'Joana Silva',
    email: `joana.${Math.random().toString(36).slice(2)}@Exemplo.com.br`,
    senha: CLIENT_PASSWORD,
    whatsup: '(11) 98765-4321',
    endereco: 'Rua das Flores',
    numero: '10',
    complemento: '',
    bairro: 'Centro',
    cidade: '',
    uf: '',
    cep: '01310-100',
    cod_cidade,
    ...over,
  });

  it('creates the user, answers 201 with a working session token', async () => {
    const city = await createCity(t.db, { cidade: 'Santos', uf: 'SP' });
    const payload = body(city.cod_cidade);
    const res = await t.app.inject({ method: 'POST', url: '/v1/usuarios/registro', payload });
    expect(res.statusCode, res.body).toBe(201);
    const { token, id_usuario } = res.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(id_usuario).toBeGreaterThan(0);

    const row = await t.db
      .selectFrom('usuarios')
      .selectAll()
      .where('id_usuario', '=', id_usuario)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(payload.email.toLowerCase());
    expect(row.whatsup).toBe('11987654321');
    expect(row.cep).toBe('01310100');
    expect(row.cidade).toBe('Santos');
    expect(row.uf).toBe('SP');
    expect(row.parceiro + row.admin + row.superadmin).toBe(0);
    // argon2id of what the client sent, never the value itself.
    expect(row.senha_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.senha_hash, CLIENT_PASSWORD)).toBe(true);
    // Only the token's hash is stored.
    const sessions = await t.db
      .selectFrom('sessoes')
      .selectAll()
      .where('id_usuario', '=', id_usuario)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0].token_hash).not.toBe(token);

    const logout = await t.app.inject({ method: 'POST', url: '/v1/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    // And the new user can log in with the same password.
    await login(t.app, { email: payload.email.toUpperCase() });
  });

  it('refuses an e-mail already in use, in any case, with 409', async () => {
    const city = await createCity(t.db);
    const first = body(city.cod_cidade, { email: 'repetido@exemplo.com' });
    expect(
      (await t.app.inject({ method: 'POST', url: '/v1/usuarios/registro', payload: first })).statusCode,
    ).toBe(201);
    const before = await countUsers();
    for (const email of ['repetido@exemplo.com', 'REPETIDO@Exemplo.COM', '  Repetido@exemplo.com ']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/usuarios/registro',
        payload: body(city.cod_cidade, { email }),
      });
      expect(res.statusCode, email).toBe(409);
      expect(res.json()).toEqual({ erro: MSG.emailEmUso });
    }
    expect(await countUsers()).toBe(before);
  });

  it('lets only one of two simultaneous sign-ups with one e-mail through', async () => {
    const city = await createCity(t.db);
    const payload = body(city.cod_cidade, { email: 'ao.mesmo.tempo@exemplo.com' });
    const answers = await Promise.all(
      [1, 2, 3].map(() => t.app.inject({ method: 'POST', url: '/v1/usuarios/registro', payload })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json()).toEqual({ erro: MSG.emailEmUso });
  });

  it('refuses an unknown city with 400', async () => {
    const before = await countUsers();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/usuarios/registro',
      payload: body(9_999_001),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ erro: MSG.cidadeInvalida });
    expect(await countUsers()).toBe(before);
  });

  it('answers bad bodies with 4xx {erro} in Portuguese and stores nothing', async () => {
    const city = await createCity(t.db);
    const ok = body(city.cod_cidade);
    const cases: {
      name: string;
      status: number;
      erro: string | RegExp;
      payload?: unknown;
      raw?: string;
      type?: string;
    }[] = [
      { name: 'no body', status: 400, erro: `Nome: ${MSG.campoObrigatorio}` },
      { name: 'empty object', status: 400, erro: `Nome: ${MSG.campoObrigatorio}`, payload: {} },
      {
        name: 'malformed JSON',
        status: 400,
        erro: MSG.jsonInvalido,
        raw: '{"nome": "x",',
        type: 'application/json',
      },
      { name: 'JSON array', status: 400, erro: 'Envie os dados como um objeto', payload: [ok] },
      { name: 'blank name', status: 400, erro: 'Informe seu nome', payload: { ...ok, nome: '   ' } },
      {
        name: 'bad e-mail',
        status: 400,
        erro: 'Informe um e-mail válido',
        payload: { ...ok, email: 'joana' },
      },
      {
        name: 'number as e-mail',
        status: 400,
        erro: 'Informe um e-mail válido',
        payload: { ...ok, email: 42 },
      },
      { name: 'no password', status: 400, erro: MSG.loginVazio, payload: { ...ok, senha: '' } },
      {
        name: 'password not SHA-256 hex',
        status: 400,
        erro: MSG.senhaFormato,
        payload: { ...ok, senha: 'segredo123' },
      },
      { name: 'city as text', status: 400, erro: MSG.cidadeInvalida, payload: { ...ok, cod_cidade: 'abc' } },
      { name: 'no city', status: 400, erro: MSG.cidadeInvalida, payload: { ...ok, cod_cidade: undefined } },
      { name: 'long uf', status: 400, erro: 'Use no máximo 2 caracteres', payload: { ...ok, uf: 'SPX' } },
      { name: 'bad CEP', status: 400, erro: 'CEP inválido', payload: { ...ok, cep: '123' } },
      {
        name: 'object as name',
        status: 400,
        erro: 'Nome: Informe um texto',
        payload: { ...ok, nome: { a: 1 } },
      },
      { name: 'text/plain', status: 415, erro: MSG.tipoConteudoInvalido, raw: 'nome=x', type: 'text/plain' },
      {
        name: 'form',
        status: 415,
        erro: MSG.tipoConteudoInvalido,
        raw: 'nome=x',
        type: 'application/x-www-form-urlencoded',
      },
      {
        name: 'oversize',
        status: 400,
        erro: MSG.corpoGrande,
        payload: { ...ok, complemento: 'x'.repeat(1_100_000) },
      },
      {
        name: 'prototype poisoning',
        status: 400,
        erro: MSG.jsonInvalido,
        raw: '{"nome":"x","__proto__":{"admin":1}}',
        type: 'application/json',
      },
    ];
    const before = await countUsers();
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/usuarios/registro',
        ...(c.raw !== undefined
          ? { payload: c.raw, headers: { 'content-type': c.type ?? 'application/json' } }
          : c.payload !== undefined
            ? { payload: c.payload as object }
            : {}),
      });
      expect(res.statusCode, `${c.name}: ${res.body}`).toBe(c.status);
      const answer = res.json();
      expect(Object.keys(answer), c.name).toEqual(['erro']);
      if (typeof c.erro === 'string') expect(answer.erro, c.name).toBe(c.erro);
      else expect(answer.erro, c.name).toMatch(c.erro);
    }
    expect(await countUsers()).toBe(before);
  });

  it('ignores unknown fields and never takes role flags from the body', async () => {
    const city = await createCity(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/usuarios/registro',
      payload: { ...body(city.cod_cidade), admin: 1, superadmin: true, parceiro: 1, id_usuario: 1 },
    });
    expect(res.statusCode).toBe(201);
    const row = await t.db
      .selectFrom('usuarios')
      .select(['admin', 'superadmin', 'parceiro'])
      .where('id_usuario', '=', res.json().id_usuario)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ admin: 0, superadmin: 0, parceiro: 0 });
  });
});

describe('registration rate limit', () => {
  const t = useTestApp({ REGISTRO_RATE_MAX: '2' });

  it('answers 429 after too many sign-ups from one address', async () => {
    const city = await createCity(t.db);
    const send = (n: number, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/usuarios/registro',
        remoteAddress,
        payload: {
          nome: 'X',
          email: `rl${n}@exemplo.com`,
          senha: CLIENT_PASSWORD,
          cod_cidade: city.cod_cidade,
        },
      });
    expect((await send(1, '10.1.1.1')).statusCode).toBe(201);
    expect((await send(2, '10.1.1.1')).statusCode).toBe(201);
    const third = await send(3, '10.1.1.1');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ erro: MSG.muitasTentativas });
    expect((await send(4, '10.1.1.2')).statusCode).toBe(201);
  });
});
