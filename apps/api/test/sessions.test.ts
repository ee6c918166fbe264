import { MSG } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import { LOGIN_PATHS, bearer, createCity, createShop, createUser, login } from './factories.js';
import { useTestApp } from './helper.js';

/** A wrong password in the client's format (SHA-256 hex), so the login is tried and fails. */

type Door = keyof typeof LOGIN_PATHS;
const DOORS = Object.keys(LOGIN_PATHS) as Door[];

describe('logins and sessions', () => {
  const t = useTestApp();
  let ipSeq = 0;
  /** Each test its own address, so the login limiter never mixes tests. */
  const ip = () => `10.9.0.${++ipSeq}`;

  const tryLogin = (door: Door, email: string, senha: unknown, remoteAddress = ip()) =>
    t.app.inject({ method: 'POST', url: LOGIN_PATHS[door], remoteAddress, payload: { email, senha } });

  it('answers the session config at the consumer door', async () => {
    const city = await createCity(t.db, { cidade: 'Santos', uf: 'SP' });
    const shop = await createShop(t.db, { cod_cidade: city.cod_cidade, nome: 'Padaria Central' });
    const user = await createUser(t.db, {
      nome: 'Ana Souza',
      cod_cidade: city.cod_cidade,
      estabelecimentos: [shop.id_estabelecimento],
    });
    const res = await tryLogin('consumidor', user.email.toUpperCase(), user.senha);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      id_usuario: user.id_usuario,
      nome: 'Ana Souza',
      email: user.email,
      cod_cidade: city.cod_cidade,
      cidade: 'Santos',
      uf: 'SP',
      parceiro: false,
      admin: false,
      superadmin: false,
      estabelecimentos: { [String(shop.id_estabelecimento)]: 'Padaria Central' },
    });
    const row = await t.db
      .selectFrom('sessoes')
      .selectAll()
      .where('id_usuario', '=', user.id_usuario)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const ttl = Date.parse(row.expira_em) - Date.now();
    expect(ttl).toBeGreaterThan(t.config.SESSION_TTL_HOURS * 3_600_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(t.config.SESSION_TTL_HOURS * 3_600_000);
  });

  it('lets each role through its own doors only', async () => {
    const city = await createCity(t.db);
    const shop = await createShop(t.db, { cod_cidade: city.cod_cidade });
    const people = {
      consumidor: await createUser(t.db, { cod_cidade: city.cod_cidade }),
      parceiro: await createUser(t.db, {
        cod_cidade: city.cod_cidade,
        parceiro: true,
        estabelecimentos: [shop.id_estabelecimento],
      }),
      admin: await createUser(t.db, { cod_cidade: city.cod_cidade, admin: true }),
      // A super-admin without the admin flag is still an admin.
      superadmin: await createUser(t.db, { cod_cidade: city.cod_cidade, superadmin: true }),
    };
    const expected: Record<keyof typeof people, Door[]> = {
      consumidor: ['consumidor'],
      parceiro: ['consumidor', 'parceiro'],
      admin: ['consumidor', 'admin'],
      superadmin: ['consumidor', 'admin'],
    };
    for (const [who, user] of Object.entries(people) as [keyof typeof people, (typeof people)['admin']][]) {
      for (const door of DOORS) {
        const res = await tryLogin(door, user.email, user.senha);
        if (expected[who].includes(door)) {
          expect(res.statusCode, `${who} at ${door}`).toBe(200);
          const s = res.json();
          expect(s.parceiro).toBe(who === 'parceiro');
          expect(s.admin).toBe(who === 'admin' || who === 'superadmin');
          expect(s.superadmin).toBe(who === 'superadmin');
        } else {
          expect(res.statusCode, `${who} at ${door}`).toBe(401);
          expect(res.json()).toEqual({ erro: MSG.loginInvalido });
        }
      }
    }
  });

  it('answers every failure with the same 401 and blanks with 400', async () => {
    const user = await createUser(t.db);
    const removed = await createUser(t.db, { removido: true });
    for (const door of DOORS) {
      for (const [email, senha] of [
        [user.email, 'f'.repeat(64)],
        ['ninguem@exemplo.com', user.senha],
        [removed.email, removed.senha],
      ]) {
        const res = await tryLogin(door, email, senha);
        expect(res.statusCode, `${door} ${email}`).toBe(401);
        expect(res.json()).toEqual({ erro: MSG.loginInvalido });
      }
      for (const payload of [
        { email: '', senha: user.senha },
        { email: user.email, senha: '' },
        { email: '  ' },
        {},
        { email: 1, senha: 2 },
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url: LOGIN_PATHS[door],
          remoteAddress: ip(),
          payload,
        });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toEqual({ erro: MSG.loginVazio });
      }
      // Too long to be anyone's: not "empty", a failed login; a password that is not the
      // client's SHA-256 hex: its own message (issue 37).
      for (const [payload, erro] of [
        [{ email: `${'a'.repeat(300)}@exemplo.com`, senha: user.senha }, MSG.loginInvalido],
        [{ email: user.email, senha: 'x'.repeat(300) }, MSG.senhaFormato],
        [{ email: user.email, senha: 'senha-em-claro' }, MSG.senhaFormato],
        [{ email: user.email, senha: user.senha.slice(1) }, MSG.senhaFormato],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: LOGIN_PATHS[door],
          remoteAddress: ip(),
          payload,
        });
        expect(res.statusCode, door).toBe(400);
        expect(res.json()).toEqual({ erro });
      }
    }
  });

  it('accepts the token as Bearer, and logout revokes it', async () => {
    const user = await createUser(t.db, { admin: true });
    const token = await login(t.app, user, 'admin');
    const ok = await t.app.inject({ method: 'GET', url: '/v1/adm/categorias', headers: bearer(token) });
    expect(ok.statusCode).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: '/v1/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });

    for (const url of ['/v1/adm/categorias', '/v1/adm/cidades']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ erro: MSG.naoAutenticado });
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/v1/logout', headers: bearer(token) })).statusCode,
    ).toBe(401);
  });

  it('lets a partner run every shop linked to the account, and no other', async () => {
    // The session's user and its shops come from one statement, a row per shop (decision 036).
    const { cod_cidade } = await createCity(t.db);
    const a = await createShop(t.db, { cod_cidade });
    const b = await createShop(t.db, { cod_cidade });
    const other = await createShop(t.db, { cod_cidade });
    const partner = await createUser(t.db, {
      cod_cidade,
      parceiro: true,
      estabelecimentos: [b.id_estabelecimento, a.id_estabelecimento],
    });
    const none = await createUser(t.db, { cod_cidade, parceiro: true });
    const campaignsOf = async (token: string, id: number) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/v1/parceiro/campanhas?id_estabelecimento=${id}`,
          headers: bearer(token),
        })
      ).statusCode;
    const token = await login(t.app, partner, 'parceiro');
    expect(await campaignsOf(token, a.id_estabelecimento)).toBe(200);
    expect(await campaignsOf(token, b.id_estabelecimento)).toBe(200);
    expect(await campaignsOf(token, other.id_estabelecimento)).toBe(403);
    const lone = await login(t.app, none, 'parceiro');
    expect(await campaignsOf(lone, a.id_estabelecimento)).toBe(403);
  });

  it('answers 401 without a token, with an unknown or malformed one, and after expiry', async () => {
    const user = await createUser(t.db, { admin: true });
    const token = await login(t.app, user, 'admin');
    for (const headers of [
      {},
      bearer('x'.repeat(43)),
      { authorization: token },
      { authorization: 'Basic YTpi' },
      bearer(''),
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/v1/adm/categorias', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toEqual({ erro: MSG.naoAutenticado });
    }
    await t.db
      .updateTable('sessoes')
      .set({ expira_em: new Date(Date.now() - 1000).toISOString() })
      .where('id_usuario', '=', user.id_usuario)
      .execute();
    const expired = await t.app.inject({ method: 'GET', url: '/v1/adm/categorias', headers: bearer(token) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ erro: MSG.naoAutenticado });
  });

  it('ends the sessions of a removed user', async () => {
    const user = await createUser(t.db, { admin: true });
    const token = await login(t.app, user, 'admin');
    await t.db
      .updateTable('usuarios')
      .set({ removido_em: new Date().toISOString() })
      .where('id_usuario', '=', user.id_usuario)
      .execute();
    const res = await t.app.inject({ method: 'GET', url: '/v1/adm/categorias', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 to a consumer on an admin route', async () => {
    const user = await createUser(t.db);
    const token = await login(t.app, user);
    for (const url of ['/v1/adm/categorias', '/v1/adm/cidades']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ erro: MSG.semPermissao });
    }
  });

  it('records when a user was last seen, at most once a minute', async () => {
    const user = await createUser(t.db, { admin: true });
    const token = await login(t.app, user, 'admin');
    const seen = async () =>
      (
        await t.db
          .selectFrom('usuarios')
          .select('visto_em')
          .where('id_usuario', '=', user.id_usuario)
          .executeTakeFirstOrThrow()
      ).visto_em;
    // Logging in counts as being seen.
    const first = await seen();
    expect(first).not.toBeNull();
    await t.app.inject({ method: 'GET', url: '/v1/adm/categorias', headers: bearer(token) });
    expect(await seen()).toBe(first);
    const old = new Date(Date.now() - 2 * 60_000).toISOString();
    await t.db
      .updateTable('usuarios')
      .set({ visto_em: old })
      .where('id_usuario', '=', user.id_usuario)
      .execute();
    await t.app.inject({ method: 'GET', url: '/v1/adm/categorias', headers: bearer(token) });
    expect(Date.parse((await seen()) ?? '')).toBeGreaterThan(Date.parse(old));
  });
});
