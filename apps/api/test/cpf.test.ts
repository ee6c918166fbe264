import { MSG, formatCpf, isValidCpf, maskCpf } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import { CpfVault } from '../src/lib/cpf-vault.js';
import { setClock } from '../src/lib/clock.js';
import { anonymise } from '../src/modules/account/removal.js';
import {
  CLIENT_PASSWORD,
  bearer,
  createCity,
  createSellingShop,
  createUser,
  newCpf,
  sessionFor,
} from './factories.js';
import { useTestApp } from './helper.js';

// Valid CPFs computed by hand with the Receita Federal's rule (weights 10..2, then 11..2).
const CPF_A = '52998224725';
const CPF_B = '11144477735';
const CPF_C = '12345678909';

describe('CPF check digits (issue 40)', () => {
  it.each([
    ['529.982.247-25', true],
    ['52998224725', true],
    ['111.444.777-35', true],
    ['123.456.789-09', true],
    ['529.982.247-24', false], // second check digit off by one
    ['529.982.247-15', false], // first check digit off by one
    ['111.111.111-11', false], // repeated digits pass the arithmetic but are reserved
    ['00000000000', false],
    ['5299822472', false], // 10 digits
    ['529982247250', false], // 12 digits
    ['529.98224725', false], // half a mask
    ['529 982 247 25', false],
    ['', false],
  ])('%s → %s', (v, ok) => expect(isValidCpf(v)).toBe(ok));

  it('the test generator makes valid CPFs', () => {
    for (let i = 0; i < 50; i++) {
      const c = newCpf();
      if (!/^(\d)\1{10}$/.test(c)) expect(isValidCpf(c), c).toBe(true);
    }
  });

  it('formats and masks', () => {
    expect(formatCpf(CPF_C)).toBe('123.456.789-09');
    expect(formatCpf('1234')).toBe('123.4');
    expect(maskCpf(CPF_C)).toBe('***.456.789-**');
    expect(maskCpf('123.456.789-09')).toBe('***.456.789-**');
  });
});

describe('CpfVault', () => {
  const vault = new CpfVault('k'.repeat(32));
  it('looks up by a keyed hash: stable, key-dependent, not the digits', () => {
    expect(vault.lookup(CPF_A)).toBe(vault.lookup(CPF_A));
    expect(vault.lookup(CPF_A)).not.toBe(vault.lookup(CPF_B));
    expect(vault.lookup(CPF_A)).not.toBe(new CpfVault('z'.repeat(32)).lookup(CPF_A));
    expect(vault.lookup(CPF_A)).not.toContain(CPF_A);
  });
  it('seals with a fresh IV and opens only under its key, untouched', () => {
    const a = vault.seal(CPF_A);
    expect(a).not.toBe(vault.seal(CPF_A));
    expect(a).not.toContain(CPF_A);
    expect(vault.open(a)).toBe(CPF_A);
    expect(() => new CpfVault('z'.repeat(32)).open(a)).toThrow();
    const flipped = a.slice(0, -2) + (a.at(-2) === 'A' ? 'B' : 'A') + a.at(-1);
    expect(() => vault.open(flipped)).toThrow();
  });
});

describe('the CPF of registration, profile, search, export and removal (issue 40)', () => {
  const t = useTestApp();

  const register = (cod_cidade: number, over: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/usuarios/registro',
      payload: {
        nome: 'Joana Silva',
        email: `joana.${Math.random().toString(36).slice(2)}@exemplo.com.br`,
        senha: CLIENT_PASSWORD,
        cod_cidade,
        ...over,
      },
    });
  const stored = (id_usuario: number) =>
    t.db
      .selectFrom('usuarios')
      .select(['cpf_busca', 'cpf_cifrado'])
      .where('id_usuario', '=', id_usuario)
      .executeTakeFirstOrThrow();
  const profile = async (token: string, id: number) =>
    (await t.app.inject({ method: 'GET', url: `/v1/usuarios/${id}`, headers: bearer(token) })).json()[0];

  it('registers with a CPF in either form, stores no digit of it in the clear, shows it to its owner', async () => {
    const city = await createCity(t.db);
    const cpf = newCpf();
    const res = await register(city.cod_cidade, { cpf: formatCpf(cpf) });
    expect(res.statusCode, res.body).toBe(201);
    const { token, id_usuario } = res.json();
    const row = await stored(id_usuario);
    expect(row.cpf_busca).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(cpf);
    expect(JSON.stringify(row)).not.toContain(cpf.slice(0, 3) + '.');
    expect(await profile(token, id_usuario)).toMatchObject({ cpf: formatCpf(cpf) });

    const bare = await register(city.cod_cidade, { cpf: newCpf() });
    expect(bare.statusCode, bare.body).toBe(201);
    // Without a CPF the contract is as before: the profile has no cpf.
    const none = await register(city.cod_cidade);
    expect(none.statusCode, none.body).toBe(201);
    expect(await profile(none.json().token, none.json().id_usuario)).not.toHaveProperty('cpf');
    expect((await stored(none.json().id_usuario)).cpf_busca).toBeNull();
  });

  it('refuses a wrong check digit with 400, storing nothing; another account’s CPF is declared as well (issue 52)', async () => {
    const city = await createCity(t.db);
    const email = `unico.${Date.now()}@exemplo.com`;
    for (const cpf of ['529.982.247-24', '11111111111', '5299822472', 'abc']) {
      const res = await register(city.cod_cidade, { cpf, email });
      expect(res.statusCode, cpf).toBe(400);
      expect(res.json().erro).toContain(MSG.cpfInvalido);
    }
    const cpf = newCpf();
    expect((await register(city.cod_cidade, { cpf, email })).statusCode).toBe(201);
    // Issue 52: no 409 for a CPF another account declared (the sign-up is no oracle).
    const again = await register(city.cod_cidade, { cpf: formatCpf(cpf) });
    expect(again.statusCode, again.body).toBe(201);
    expect(await profile(again.json().token, again.json().id_usuario)).toMatchObject({
      cpf: formatCpf(cpf),
      cpf_situacao: 'declarado',
    });
  });

  it('two registrations racing for one CPF: each declares it, none is refused (issue 52)', async () => {
    const city = await createCity(t.db);
    const cpf = formatCpf(newCpf());
    const answers = await Promise.all(Array.from({ length: 6 }, () => register(city.cod_cidade, { cpf })));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
  });

  it('PATCH /v1/usuarios adds, keeps and removes the CPF; another account’s is declared too (issue 52)', async () => {
    const city = await createCity(t.db);
    const me = await createUser(t.db, { cod_cidade: city.cod_cidade, nome: 'Ana' });
    const mine = newCpf();
    const theirs = formatCpf(newCpf());
    const other = await register(city.cod_cidade, { cpf: theirs });
    expect(other.statusCode, other.body).toBe(201);
    const token = await sessionFor(t.db, me.id_usuario);
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: '/v1/usuarios', headers: bearer(token), payload });

    expect(await profile(token, me.id_usuario)).toMatchObject({ cpf_situacao: '' });
    const add = await patch({ cpf: mine });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toMatchObject({ nome: 'Ana', cpf: formatCpf(mine), cpf_situacao: 'declarado' });
    const sealed = (await stored(me.id_usuario)).cpf_cifrado;
    // The name alone keeps the CPF; the same CPF again keeps the sealed value.
    expect((await patch({ nome: 'Ana Maria' })).json()).toMatchObject({
      nome: 'Ana Maria',
      cpf: formatCpf(mine),
    });
    expect((await patch({ nome: 'Ana Maria', cpf: formatCpf(mine) })).statusCode).toBe(200);
    expect((await stored(me.id_usuario)).cpf_cifrado).toBe(sealed);
    expect((await patch({ cpf: '123.456.789-00' })).statusCode).toBe(400);
    expect((await profile(token, me.id_usuario)).cpf).toBe(formatCpf(mine));

    expect((await patch({ cpf: '' })).json()).not.toHaveProperty('cpf');
    expect(await stored(me.id_usuario)).toEqual({ cpf_busca: null, cpf_cifrado: null });

    // Another account's CPF, for an account that never had one: declared, no 409.
    const fresh = await createUser(t.db, { cod_cidade: city.cod_cidade });
    const taken = await t.app.inject({
      method: 'PATCH',
      url: '/v1/usuarios',
      headers: bearer(await sessionFor(t.db, fresh.id_usuario)),
      payload: { cpf: theirs },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ cpf: theirs, cpf_situacao: 'declarado' });
  });

  it('the partner finds a resident by the full CPF only, exactly, masked; never by a part of it', async () => {
    const s = await createSellingShop(t.db, []);
    const cpf = newCpf();
    // Issue 52: the search finds the account a CPF's sales are credited to: declared 31 days ago.
    setClock(new Date(Date.now() - 31 * 86_400_000));
    let res;
    try {
      res = await register(s.city.cod_cidade, { nome: 'Beatriz Costa', cpf, whatsup: '11987650000' });
    } finally {
      setClock(null);
    }
    expect(res.statusCode, res.body).toBe(201);
    const { id_usuario } = res.json();
    const search = (nome: string) =>
      t.app.inject({
        method: 'GET',
        url: `/v1/parceiro/usuarios?nome=${encodeURIComponent(nome)}`,
        headers: bearer(s.token),
      });

    for (const q of [formatCpf(cpf), cpf]) {
      const found = await search(q);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json()).toEqual([
        { id_usuario, nome: 'Beatriz C.', whatsup: '(**) *****-0000', cpf: maskCpf(cpf) },
      ]);
      expect(found.body).not.toContain(cpf);
    }
    // Another valid CPF finds nobody (formatted: no phone fallback).
    expect((await search(formatCpf(newCpf()))).json()).toEqual([]);
    // A resident of a city out of the partner's reach is not found by CPF either.
    const far = await createCity(t.db);
    const farCpf = newCpf();
    setClock(new Date(Date.now() - 31 * 86_400_000));
    try {
      expect((await register(far.cod_cidade, { cpf: farCpf })).statusCode).toBe(201);
    } finally {
      setClock(null);
    }
    expect((await search(formatCpf(farCpf))).json()).toEqual([]);
    // Issue 52: a fresh declaration finds nobody, and two declarations find nobody either.
    const fresh = newCpf();
    expect((await register(s.city.cod_cidade, { cpf: fresh })).statusCode).toBe(201);
    expect((await search(formatCpf(fresh))).json()).toEqual([]);
    expect((await register(s.city.cod_cidade, { cpf })).statusCode).toBe(201);
    expect((await search(formatCpf(cpf))).json()).toEqual([]);
  });

  it('the data export carries the CPF; removal erases it, and the CPF may sign up again', async () => {
    const city = await createCity(t.db);
    const cpf = formatCpf(newCpf());
    const res = await register(city.cod_cidade, { cpf });
    expect(res.statusCode, res.body).toBe(201);
    const { token, id_usuario } = res.json();
    const exported = await t.app.inject({
      method: 'GET',
      url: '/v1/usuarios/meusdados',
      headers: bearer(token),
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().perfil.cpf).toBe(cpf);

    await t.db.transaction().execute((trx) => anonymise(trx, id_usuario, new Date().toISOString()));
    expect(await stored(id_usuario)).toEqual({ cpf_busca: null, cpf_cifrado: null });
    expect((await register(city.cod_cidade, { cpf })).statusCode).toBe(201);
  });
});
