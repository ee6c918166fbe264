import { MSG, MSG_ADMIN, MSG_PROMOTOR, type PromotorCidade } from '@praca/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { promoterOf } from '../src/modules/cities/service.js';
import { auditTrail, createCast, sender, type Cast } from './admin-fixtures.js';
import { createCity, newCnpj } from './factories.js';
import { useTestApp } from './helper.js';

/**
 * The apurações' promoter as a city setting (issue 49): the edital and the ata name it with its
 * CNPJ. The city's admin and the super-admin read it; only the super-admin writes it, audited.
 */

const t = useTestApp();
const w = {} as Cast & { cityA: { cod_cidade: number; cidade: string; uf: string }; cityB: number };
const send = sender(t, w);
const url = (cod: number) => `/v1/adm/cidades/${cod}/promotor`;

beforeAll(async () => {
  w.cityA = await createCity(t.db, { cidade: 'Vila Promotora', uf: 'MG' });
  w.cityB = (await createCity(t.db)).cod_cidade;
  Object.assign(w, await createCast(t.db, w.cityA.cod_cidade, w.cityB));
});

describe('PATCH /v1/adm/cidades/{cod_cidade}/promotor', () => {
  it('lets the super-admin set the promoter (numeric CNPJ stored masked), audited with before and after', async () => {
    const cnpj = newCnpj();
    const res = await send('superB', 'PATCH', url(w.cityA.cod_cidade), {
      promotor_nome: '  Associação Comercial de Vila Promotora ',
      promotor_cnpj: cnpj.replace(/\D/g, ''),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PromotorCidade>()).toEqual({
      cod_cidade: w.cityA.cod_cidade,
      cidade: 'Vila Promotora',
      uf: 'MG',
      promotor_nome: 'Associação Comercial de Vila Promotora',
      promotor_cnpj: cnpj,
    });
    const stored = await t.db
      .selectFrom('cidades')
      .select(['promotor_nome', 'promotor_cnpj'])
      .where('cod_cidade', '=', w.cityA.cod_cidade)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ promotor_nome: 'Associação Comercial de Vila Promotora', promotor_cnpj: cnpj });

    const trail = await auditTrail(t.db, 'cidade', w.cityA.cod_cidade);
    expect(trail).toHaveLength(1);
    expect(trail[0]!.id_usuario).toBe(w.ids.superB);
    expect(trail[0]!.acao).toBe('alterar');
    expect(JSON.parse(String(trail[0]!.antes))).toEqual({ promotor_nome: null, promotor_cnpj: null });
    expect(JSON.parse(String(trail[0]!.depois))).toEqual({
      promotor_nome: 'Associação Comercial de Vila Promotora',
      promotor_cnpj: cnpj,
    });
  });

  it('accepts an alphanumeric CNPJ, in either case, and stores it masked in capitals', async () => {
    const res = await send('superB', 'PATCH', url(w.cityA.cod_cidade), {
      promotor_nome: 'Promotora Alfanumérica',
      promotor_cnpj: '12abc34501de35',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PromotorCidade>().promotor_cnpj).toBe('12.ABC.345/01DE-35');
  });

  it('refuses everyone but the super-admin (403), and nothing changes', async () => {
    const before = await send('superB', 'GET', url(w.cityA.cod_cidade));
    for (const who of ['consumer', 'partner', 'adminA', 'adminB'] as const) {
      const res = await send(who, 'PATCH', url(w.cityA.cod_cidade), {
        promotor_nome: 'Intruso',
        promotor_cnpj: newCnpj(),
      });
      expect(res.statusCode, who).toBe(403);
      expect(res.json()).toEqual({ erro: MSG.semPermissao });
    }
    const anon = await send(null, 'PATCH', url(w.cityA.cod_cidade), {
      promotor_nome: 'Intruso',
      promotor_cnpj: newCnpj(),
    });
    expect(anon.statusCode).toBe(401);
    expect((await send('superB', 'GET', url(w.cityA.cod_cidade))).json()).toEqual(before.json());
  });

  it('answers 404 for a city that does not exist', async () => {
    const res = await send('superB', 'PATCH', url(9_999_999), {
      promotor_nome: 'Ninguém',
      promotor_cnpj: newCnpj(),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ erro: MSG_ADMIN.cidadeNaoEncontrada });
  });

  it('refuses bad input with Portuguese messages (400)', async () => {
    const cases: [object, string][] = [
      [{ promotor_nome: '', promotor_cnpj: newCnpj() }, MSG_PROMOTOR.nomeInvalido],
      [{ promotor_nome: '   ', promotor_cnpj: newCnpj() }, MSG_PROMOTOR.nomeInvalido],
      [{ promotor_nome: 'x'.repeat(201), promotor_cnpj: newCnpj() }, MSG_PROMOTOR.nomeInvalido],
      [{ promotor_cnpj: newCnpj() }, MSG_PROMOTOR.nomeInvalido],
      [{ promotor_nome: 'Promotora', promotor_cnpj: '11.222.333/0001-80' }, MSG_PROMOTOR.cnpjInvalido],
      [{ promotor_nome: 'Promotora', promotor_cnpj: '11111111111111' }, MSG_PROMOTOR.cnpjInvalido],
      [{ promotor_nome: 'Promotora', promotor_cnpj: '' }, MSG_PROMOTOR.cnpjInvalido],
      [{ promotor_nome: 'Promotora' }, MSG_PROMOTOR.cnpjInvalido],
    ];
    for (const [payload, erro] of cases) {
      const res = await send('superB', 'PATCH', url(w.cityA.cod_cidade), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ erro: string }>().erro, JSON.stringify(payload)).toContain(erro);
    }
    const badCity = await send('superB', 'PATCH', '/v1/adm/cidades/abc/promotor', {
      promotor_nome: 'Promotora',
      promotor_cnpj: newCnpj(),
    });
    expect(badCity.statusCode).toBe(400);
  });
});

describe('GET /v1/adm/cidades/{cod_cidade}/promotor', () => {
  it('answers the city and its promoter to its admin and to the super-admin', async () => {
    for (const who of ['adminA', 'superB'] as const) {
      const res = await send(who, 'GET', url(w.cityA.cod_cidade));
      expect(res.statusCode, who).toBe(200);
      expect(res.json<PromotorCidade>()).toMatchObject({
        cod_cidade: w.cityA.cod_cidade,
        cidade: 'Vila Promotora',
        uf: 'MG',
        promotor_nome: 'Promotora Alfanumérica',
        promotor_cnpj: '12.ABC.345/01DE-35',
      });
    }
  });

  it('shows nulls for a city without a promoter', async () => {
    const res = await send('adminB', 'GET', url(w.cityB));
    expect(res.statusCode).toBe(200);
    expect(res.json<PromotorCidade>()).toMatchObject({ promotor_nome: null, promotor_cnpj: null });
  });

  it('refuses another city’s admin and non-admins (403), anonymous (401); 404 for an unknown city', async () => {
    for (const who of ['consumer', 'partner', 'adminB'] as const) {
      const res = await send(who, 'GET', url(w.cityA.cod_cidade));
      expect(res.statusCode, who).toBe(403);
      expect(res.body).not.toContain('Promotora Alfanumérica');
    }
    expect((await send(null, 'GET', url(w.cityA.cod_cidade))).statusCode).toBe(401);
    const unknown = await send('superB', 'GET', url(9_999_999));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ erro: MSG_ADMIN.cidadeNaoEncontrada });
  });
});

describe('promoterOf (for the edital and the ata)', () => {
  it('gives the city, its UF and the promoter, or null when not configured', async () => {
    expect(await promoterOf(t.db, w.cityA.cod_cidade)).toEqual({
      cidade: 'Vila Promotora',
      uf: 'MG',
      promotor: { nome: 'Promotora Alfanumérica', cnpj: '12.ABC.345/01DE-35' },
    });
    expect((await promoterOf(t.db, w.cityB)).promotor).toBeNull();
  });
});
