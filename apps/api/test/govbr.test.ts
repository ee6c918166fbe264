import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../src/db/index.js';
import { setClock } from '../src/lib/clock.js';
import {
  bearer,
  CLIENT_PASSWORD,
  countRows,
  createCity,
  createUser,
  newCpf,
  sessionFor,
} from './factories.js';
import { startGovbrProvider, type GovbrTestProvider } from './govbr-provider.mjs';
import { createTestApp, type TestApp } from './helper.js';

/**
 * "Entrar com gov.br" (issue 52) against a local OpenID provider on 127.0.0.1 issuing gov.br's
 * tokens (sub = CPF, reliability_info, amr) and a stand-in of the confiabilidades API: the
 * flow's checks (state, browser, single use, nonce, PKCE, issuer, expiry, level) and its
 * outcomes (a new account with the CPF proven, a linked account logging in, the link pages).
 */

const PUBLIC_URL = 'http://127.0.0.1:39990';
const REDIRECT = `${PUBLIC_URL}/v1/govbr/retorno`;

let gov: GovbrTestProvider;
let other: GovbrTestProvider;
let t: TestApp;
let app: FastifyInstance;
let cod_cidade: number;
const warned: { obj: object; msg: string }[] = [];

beforeAll(async () => {
  gov = await startGovbrProvider({ redirectUris: [REDIRECT] });
  // Another issuer that knows the same client: its codes must not be taken (mix-up).
  other = await startGovbrProvider({ redirectUris: [REDIRECT] });
  t = await createTestApp({
    PUBLIC_URL,
    GOVBR_ISSUER: gov.issuer,
    GOVBR_CLIENT_ID: gov.clientId,
    GOVBR_CLIENT_SECRET: gov.clientSecret,
    GOVBR_API_URL: gov.apiUrl,
  });
  app = t.app;
  cod_cidade = (await createCity(t.db)).cod_cidade;
  const deps = app.services.govbr!;
  const log = deps.log;
  deps.log = {
    warn: (obj, msg) => {
      warned.push({ obj, msg });
      log.warn(obj, msg);
    },
    info: (obj, msg) => log.info(obj, msg),
  };
}, 60_000);

afterAll(async () => {
  await t?.close();
  await gov?.close();
  await other?.close();
});

afterEach(() => {
  setClock(null);
  warned.length = 0;
});

/** A tiny cookie jar for the provider's own cookies. */
function jar() {
  const cookies = new Map<string, string>();
  return {
    take(res: Response) {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const [k, ...v] = pair!.split('=');
        cookies.set(k!.trim(), v.join('='));
      }
    },
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

/** Our flow cookie out of a response's Set-Cookie. */
function flowCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : [setCookie ?? ''];
  const c = all.find((s) => s.startsWith('praca_govbr='));
  expect(c).toBeDefined();
  return c!.split(';')[0]!;
}

interface Started {
  cookie: string;
  authUrl: URL;
}

async function start(query = ''): Promise<Started> {
  const res = await app.inject({ method: 'GET', url: `/v1/govbr/entrar${query}` });
  expect(res.statusCode, res.body).toBe(302);
  return { cookie: flowCookie(res.headers['set-cookie']), authUrl: new URL(res.headers.location!) };
}

/** The person logs in at the provider with a CPF: answers the callback address (code, state, iss). */
async function authorize(authUrl: URL, cpf: string): Promise<URL> {
  const j = jar();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, cookie: j.header() },
    });
    j.take(res);
    return res;
  };
  let res = await go(authUrl.href);
  expect(res.status, await res.clone().text()).toBe(303);
  const interaction = new URL(res.headers.get('location')!, authUrl);
  res = await go(interaction.href, {
    method: 'POST',
    body: new URLSearchParams({ cpf }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  let next = new URL(res.headers.get('location')!, authUrl);
  for (let i = 0; i < 5 && !next.href.startsWith(REDIRECT); i++) {
    res = await go(next.href);
    expect([302, 303]).toContain(res.status);
    next = new URL(res.headers.get('location')!, authUrl);
  }
  expect(next.href.startsWith(REDIRECT)).toBe(true);
  return next;
}

/** Delivers a callback to our app with a cookie; answers the web page it sends the browser to. */
async function deliver(callback: URL, cookie: string | null): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(302);
  return res.headers.location!;
}

/** A whole flow for a CPF: the page it ends on, and the browser's cookie. */
async function flow(cpf: string, query = ''): Promise<{ page: string; cookie: string }> {
  const s = await start(query);
  const page = await deliver(await authorize(s.authUrl, cpf), s.cookie);
  return { page, cookie: s.cookie };
}

async function register(cookie: string, body: object = {}) {
  return app.inject({
    method: 'POST',
    url: '/v1/govbr/cadastro',
    headers: { cookie },
    payload: { cod_cidade, whatsup: '(11) 98888-7777', endereco: 'Rua A', numero: '1', ...body },
  });
}

const usuario = (id: number) =>
  t.db
    .selectFrom('usuarios')
    .select(['cpf_busca', 'cpf_situacao', 'cpf_comprovado_por', 'email', 'nome', 'senha_hash'])
    .where('id_usuario', '=', id)
    .executeTakeFirstOrThrow();

describe('gov.br: starting a flow', () => {
  it('302 to the provider with PKCE S256, state and nonce; an HttpOnly, SameSite=Lax cookie', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/govbr/entrar?destino=/meu/extrato' });
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location!);
    expect(url.origin).toBe(gov.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(url.searchParams.get('scope')).toContain('govbr_confiabilidades_idtoken');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^praca_govbr=[\w-]{43}; Path=\/v1\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    // Kept server-side: the verifier never leaves the server.
    const row = await t.db
      .selectFrom('govbr_fluxos')
      .selectAll()
      .where('state', '=', url.searchParams.get('state')!)
      .executeTakeFirstOrThrow();
    expect(row.finalidade).toBe('entrar');
    expect(row.destino).toBe('/meu/extrato');
    expect(res.headers.location).not.toContain(row.verificador);
  });

  it.each(['https://mal.test/x', '//mal.test/x', '/\\mal.test', 'mal.test', 'javascript:alert(1)', '/a//b'])(
    'destino %s refused (400), nothing stored',
    async (destino) => {
      const before = await countRows(t.db, 'govbr_fluxos');
      const res = await app.inject({
        method: 'GET',
        url: `/v1/govbr/entrar?destino=${encodeURIComponent(destino)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(await countRows(t.db, 'govbr_fluxos')).toBe(before);
    },
  );
});

describe('gov.br: a new person', () => {
  it('creates nothing at the callback; "Complete seu cadastro" creates the account with the CPF comprovado and a link', async () => {
    const cpf = newCpf();
    gov.setAccount({ sub: cpf, name: 'Joana Prata', email: `joana.${cpf}@govbr.test`, nivel: 'prata' });
    const users = await countRows(t.db, 'usuarios');
    const { page, cookie } = await flow(cpf, '?destino=/meu/extrato');
    expect(page).toBe('/govbr/cadastro');
    expect(await countRows(t.db, 'usuarios')).toBe(users);

    const dados = await app.inject({ method: 'GET', url: '/v1/govbr/cadastro', headers: { cookie } });
    expect(dados.json()).toEqual({ nome: 'Joana Prata', email: `joana.${cpf}@govbr.test` });
    // Another browser has no pending sign-up.
    const stranger = await start();
    expect((await register(stranger.cookie)).statusCode).toBe(409);

    const res = await register(cookie);
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json<{ token: string; id_usuario: number; nome: string; email: string }>();
    expect(s.nome).toBe('Joana Prata');
    const u = await usuario(s.id_usuario);
    expect(u).toMatchObject({
      cpf_busca: app.cpf.lookup(cpf),
      cpf_situacao: 'comprovado',
      cpf_comprovado_por: 'govbr',
      email: `joana.${cpf}@govbr.test`,
      senha_hash: null,
    });
    const link = await t.db
      .selectFrom('govbr_vinculos')
      .selectAll()
      .where('id_usuario', '=', s.id_usuario)
      .executeTakeFirst();
    expect(link?.sub_busca).toBe(app.cpf.lookup(cpf));
    const me = await app.inject({
      method: 'GET',
      url: `/v1/usuarios/${s.id_usuario}`,
      headers: bearer(s.token),
    });
    expect(me.statusCode).toBe(200);
    // The pending sign-up was used once.
    expect((await register(cookie)).statusCode).toBe(409);

    // A second login through gov.br lands logged in, once.
    const again = await flow(cpf, '?destino=/meu/extrato');
    expect(again.page).toBe('/govbr/entrar');
    const got = await app.inject({
      method: 'POST',
      url: '/v1/govbr/sessao',
      headers: { cookie: again.cookie },
    });
    expect(got.statusCode, got.body).toBe(200);
    const sessao = got.json<{ token: string; id_usuario: number; destino: string }>();
    expect(sessao).toMatchObject({ id_usuario: s.id_usuario, destino: '/meu/extrato' });
    const me2 = await app.inject({
      method: 'GET',
      url: `/v1/usuarios/${s.id_usuario}`,
      headers: bearer(sessao.token),
    });
    expect(me2.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: '/v1/govbr/sessao', headers: { cookie: again.cookie } }))
        .statusCode,
    ).toBe(409);
  });

  it('asks for an e-mail when gov.br gave no verified one', async () => {
    const cpf = newCpf();
    gov.setAccount({ sub: cpf, email: `x.${cpf}@govbr.test`, email_verified: false });
    const { page, cookie } = await flow(cpf);
    expect(page).toBe('/govbr/cadastro');
    expect(
      (await app.inject({ method: 'GET', url: '/v1/govbr/cadastro', headers: { cookie } })).json(),
    ).toMatchObject({ email: '' });
    expect((await register(cookie)).statusCode).toBe(400);
    const res = await register(cookie, { email: `digitado.${cpf}@teste.praca` });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('the level comes from the confiabilidades API when the id_token has none', async () => {
    const prata = newCpf();
    gov.setAccount({ sub: prata, nivel: 'prata', nivelNoToken: false });
    expect((await flow(prata)).page).toBe('/govbr/cadastro');
    const bronze = newCpf();
    gov.setAccount({ sub: bronze, nivel: 'bronze', nivelNoToken: false });
    expect((await flow(bronze)).page).toBe('/govbr/nivel');
  });

  it('a level below the minimum is refused: the level page, nothing pending', async () => {
    const cpf = newCpf();
    gov.setAccount({ sub: cpf, nivel: 'bronze' });
    const { page, cookie } = await flow(cpf);
    expect(page).toBe('/govbr/nivel');
    expect(
      (await app.inject({ method: 'GET', url: '/v1/govbr/cadastro', headers: { cookie } })).statusCode,
    ).toBe(409);
  });

  it('an unknown amr is logged and accepted', async () => {
    const cpf = newCpf();
    gov.setAccount({ sub: cpf, amr: ['passwd', 'metodo_novo_2027'] });
    expect((await flow(cpf)).page).toBe('/govbr/cadastro');
    expect(warned).toContainEqual({
      obj: { amr: ['metodo_novo_2027'] },
      msg: expect.stringContaining('amr') as string,
    });
  });
});

describe('gov.br: the callback refuses', () => {
  it('a wrong state (the real one still works after)', async () => {
    const cpf = newCpf();
    const s = await start();
    const cb = await authorize(s.authUrl, cpf);
    const forged = new URL(cb);
    forged.searchParams.set('state', 'estado-forjado');
    expect(await deliver(forged, s.cookie)).toBe('/govbr/erro');
    expect(await deliver(cb, s.cookie)).toBe('/govbr/cadastro');
  });

  it('a replayed callback', async () => {
    const cpf = newCpf();
    const s = await start();
    const cb = await authorize(s.authUrl, cpf);
    expect(await deliver(cb, s.cookie)).toBe('/govbr/cadastro');
    // Single use on our side too (not only the provider's code): the flow is gone.
    const state = cb.searchParams.get('state')!;
    expect(await t.db.selectFrom('govbr_fluxos').selectAll().where('state', '=', state).execute()).toEqual(
      [],
    );
    expect(await deliver(cb, s.cookie)).toBe('/govbr/erro');
  });

  it('a callback delivered to another browser (or without the cookie)', async () => {
    const cpf = newCpf();
    const s = await start();
    const cb = await authorize(s.authUrl, cpf);
    const otherBrowser = (await start()).cookie;
    expect(await deliver(cb, otherBrowser)).toBe('/govbr/erro');
    const s2 = await start();
    expect(await deliver(await authorize(s2.authUrl, cpf), null)).toBe('/govbr/erro');
    expect(
      await app.inject({ method: 'GET', url: '/v1/govbr/cadastro', headers: { cookie: otherBrowser } }),
    ).toHaveProperty('statusCode', 409);
  });

  it('a wrong nonce', async () => {
    const s = await start();
    s.authUrl.searchParams.set('nonce', 'outro-nonce-que-nao-e-o-guardado');
    expect(await deliver(await authorize(s.authUrl, newCpf()), s.cookie)).toBe('/govbr/erro');
    expect(warned.some((w) => /nonce/i.test(JSON.stringify(w.obj)))).toBe(true);
  });

  it('a PKCE mismatch', async () => {
    const s = await start();
    s.authUrl.searchParams.set('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(await deliver(await authorize(s.authUrl, newCpf()), s.cookie)).toBe('/govbr/erro');
    expect(warned.some((w) => /invalid_grant|PKCE|code_verifier/i.test(JSON.stringify(w.obj)))).toBe(true);
  });

  it('an expired id_token (the programme clock past its exp)', async () => {
    const s = await start();
    const cb = await authorize(s.authUrl, newCpf());
    // 3 minutes later: the flow (10 minutes) lives, the id_token (60 s + 30 s tolerance) does not.
    setClock(new Date(Date.now() + 3 * 60_000), { running: true });
    expect(await deliver(cb, s.cookie)).toBe('/govbr/erro');
    expect(warned.some((w) => /exp|timestamp/i.test(JSON.stringify(w.obj)))).toBe(true);
  });

  it('an expired flow (past 10 minutes)', async () => {
    const s = await start();
    const cb = await authorize(s.authUrl, newCpf());
    setClock(new Date(Date.now() + 11 * 60_000), { running: true });
    expect(await deliver(cb, s.cookie)).toBe('/govbr/erro');
    // Refused by the flow's own 10 minutes, before the provider is asked.
    expect(warned).toContainEqual({ obj: { motivo: 'fluxo expirado' }, msg: 'gov.br: retorno recusado' });
  });

  it('a code from another issuer (wrong iss)', async () => {
    const s = await start();
    const elsewhere = new URL(s.authUrl.pathname + s.authUrl.search, other.issuer);
    const cb = await authorize(elsewhere, newCpf());
    expect(cb.searchParams.get('iss')).toBe(other.issuer);
    expect(await deliver(cb, s.cookie)).toBe('/govbr/erro');
  });
});

describe('gov.br: accounts that exist', () => {
  it('an account that declares the CPF: the link page, nothing created; the link asks the password again', async () => {
    const cpf = newCpf();
    const u = await createUser(t.db, { cod_cidade });
    await t.db
      .updateTable('usuarios')
      .set({ cpf_busca: app.cpf.lookup(cpf), cpf_cifrado: app.cpf.seal(cpf), cpf_situacao: 'declarado' })
      .where('id_usuario', '=', u.id_usuario)
      .execute();
    const users = await countRows(t.db, 'usuarios');
    const { page, cookie } = await flow(cpf);
    expect(page).toBe('/govbr/vincular');
    expect(await countRows(t.db, 'usuarios')).toBe(users);
    expect(
      (await app.inject({ method: 'GET', url: '/v1/govbr/vincular', headers: { cookie } })).json(),
    ).toEqual({
      motivo: 'cpf',
    });
    // Nor can that browser sign up.
    expect((await register(cookie)).statusCode).toBe(409);

    const token = await sessionFor(t.db, u.id_usuario);
    const wrong = await app.inject({
      method: 'POST',
      url: '/v1/usuarios/govbr/vincular',
      headers: { ...bearer(token), cookie },
      payload: { senha: 'a'.repeat(64) },
    });
    expect(wrong.statusCode).toBe(400);
    expect((await usuario(u.id_usuario)).cpf_situacao).toBe('declarado');
    expect(
      await t.db
        .selectFrom('govbr_vinculos')
        .selectAll()
        .where('id_usuario', '=', u.id_usuario)
        .executeTakeFirst(),
    ).toBeUndefined();

    // Without this browser's pending link, the right password links nothing.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/v1/usuarios/govbr/vincular',
      headers: bearer(token),
      payload: { senha: CLIENT_PASSWORD },
    });
    expect(elsewhere.statusCode).toBe(409);

    const right = await app.inject({
      method: 'POST',
      url: '/v1/usuarios/govbr/vincular',
      headers: { ...bearer(token), cookie },
      payload: { senha: CLIENT_PASSWORD },
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(await usuario(u.id_usuario)).toMatchObject({
      cpf_situacao: 'comprovado',
      cpf_comprovado_por: 'govbr',
    });
    // From now on gov.br logs this account in.
    const next = await flow(cpf);
    expect(next.page).toBe('/govbr/entrar');
    const got = await app.inject({
      method: 'POST',
      url: '/v1/govbr/sessao',
      headers: { cookie: next.cookie },
    });
    expect(got.json()).toMatchObject({ id_usuario: u.id_usuario });
  });

  it("an account with gov.br's e-mail: the link page, nothing created", async () => {
    const cpf = newCpf();
    const u = await createUser(t.db, { cod_cidade, email: `ocupado.${cpf}@teste.praca` });
    gov.setAccount({ sub: cpf, email: u.email });
    const users = await countRows(t.db, 'usuarios');
    const { page, cookie } = await flow(cpf);
    expect(page).toBe('/govbr/vincular');
    expect(await countRows(t.db, 'usuarios')).toBe(users);
    expect(
      (await app.inject({ method: 'GET', url: '/v1/govbr/vincular', headers: { cookie } })).json(),
    ).toEqual({
      motivo: 'email',
    });
  });

  it('the vincular purpose never logs in, and the link page shows', async () => {
    const cpf = newCpf();
    const { page } = await flow(cpf, '?finalidade=vincular');
    expect(page).toBe('/govbr/vincular');
  });

  it('an erased account loses its link', async () => {
    const cpf = newCpf();
    const { cookie } = await flow(cpf);
    const s = (await register(cookie)).json<{ id_usuario: number }>();
    const { anonymise } = await import('../src/modules/account/removal.js');
    await transaction(t.db, (trx) => anonymise(trx, s.id_usuario, new Date().toISOString()));
    expect(
      await t.db.selectFrom('govbr_vinculos').selectAll().where('id_usuario', '=', s.id_usuario).execute(),
    ).toEqual([]);
  });
});

describe('gov.br: off without a client id', () => {
  it('every route answers 404', async () => {
    const off = await createTestApp({});
    try {
      for (const [method, url] of [
        ['GET', '/v1/govbr/entrar'],
        ['GET', '/v1/govbr/retorno?code=x&state=y'],
        ['POST', '/v1/govbr/sessao'],
        ['GET', '/v1/govbr/cadastro'],
      ] as const) {
        expect((await off.app.inject({ method, url })).statusCode, url).toBe(404);
      }
    } finally {
      await off.close();
    }
  });
});
