import { MSG } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import { bearer, createCategory, createCity, createUser, login } from './factories.js';
import { useTestApp } from './helper.js';

const basic = (user: string, pass: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`,
});

describe('cities and categories', () => {
  const t = useTestApp({ CIDADES_BASIC_USER: 'cliente', CIDADES_BASIC_PASS: 's3nha:com:dois-pontos' });

  it('GET /v1/cidades lists every city by name behind HTTP Basic', async () => {
    const b = await createCity(t.db, { cidade: 'Bertioga', uf: 'SP' });
    const a = await createCity(t.db, { cidade: 'Araraquara', uf: 'SP' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/cidades',
      headers: basic('cliente', 's3nha:com:dois-pontos'),
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { cod_cidade: number; cidade: string; uf: string }[];
    expect(list).toEqual(expect.arrayContaining([a, b]));
    expect(list.map((c) => c.cidade)).toEqual(
      [...list.map((c) => c.cidade)].sort((x, y) => x.localeCompare(y)),
    );
    expect(Object.keys(list[0]).sort()).toEqual(['cidade', 'cod_cidade', 'uf']);
  });

  it('GET /v1/cidades refuses missing or wrong credentials with 401 and a challenge', async () => {
    for (const headers of [
      {},
      basic('cliente', 'errada'),
      basic('outro', 's3nha:com:dois-pontos'),
      { authorization: 'Basic !!!' },
      { authorization: 'Bearer abc' },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/v1/cidades', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toEqual({ erro: MSG.credenciaisBasic });
      expect(res.headers['www-authenticate']).toMatch(/^Basic realm=/);
    }
  });

  it('GET /v1/adm/cidades: a super-admin sees every city, an admin only its own', async () => {
    const mine = await createCity(t.db, { cidade: 'Guarujá' });
    const other = await createCity(t.db, { cidade: 'Cubatão' });
    const admin = await createUser(t.db, { cod_cidade: mine.cod_cidade, admin: true });
    const superadmin = await createUser(t.db, { cod_cidade: mine.cod_cidade, admin: true, superadmin: true });

    const asAdmin = await t.app.inject({
      method: 'GET',
      url: '/v1/adm/cidades',
      headers: bearer(await login(t.app, admin, 'admin')),
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual([mine]);

    const asSuper = await t.app.inject({
      method: 'GET',
      url: '/v1/adm/cidades',
      headers: bearer(await login(t.app, superadmin, 'admin')),
    });
    expect(asSuper.statusCode).toBe(200);
    expect(asSuper.json()).toEqual(expect.arrayContaining([mine, other]));

    const partner = await createUser(t.db, { cod_cidade: mine.cod_cidade, parceiro: true });
    const asPartner = await t.app.inject({
      method: 'GET',
      url: '/v1/adm/cidades',
      headers: bearer(await login(t.app, partner, 'parceiro')),
    });
    expect(asPartner.statusCode).toBe(403);
    expect(asPartner.json()).toEqual({ erro: MSG.semPermissao });
  });

  it('GET /v1/adm/categorias lists categories by name for admins', async () => {
    const z = await createCategory(t.db, 'Zoológicos');
    const a = await createCategory(t.db, 'Alimentação');
    const admin = await createUser(t.db, { admin: true });
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/adm/categorias',
      headers: bearer(await login(t.app, admin, 'admin')),
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id_categoria: number; categoria: string }[];
    const position = (id: number) => list.findIndex((c) => c.id_categoria === id);
    expect(position(a.id_categoria)).toBeGreaterThanOrEqual(0);
    expect(position(a.id_categoria)).toBeLessThan(position(z.id_categoria));
    expect(list).toEqual(expect.arrayContaining([a, z]));

    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/adm/categorias' });
    expect(anonymous.statusCode).toBe(401);
  });
});
