import { describe, expect, it } from 'vitest';
import { VITRINE_MAX } from '@praca/contract';
import { foldForSearch } from '../src/db/search-text.js';
import { dailyPick } from '../src/modules/establishments/daily-pick.js';
import * as service from '../src/modules/establishments/service.js';
import { useTestApp } from './helper.js';
import { createCity, createShop } from './factories.js';

const t = useTestApp();

type Shop = { id_estabelecimento: number; nome: string; cod_cidade: number };

async function cityWithShops(count: number, name = (i: number) => `Loja ${String(i).padStart(3, '0')}`) {
  const city = await createCity(t.db);
  const shops = [];
  for (let i = 0; i < count; i++)
    shops.push(await createShop(t.db, { cod_cidade: city.cod_cidade, nome: name(i) }));
  return { cod: city.cod_cidade, shops };
}

const ids = (list: Shop[]) => list.map((s) => s.id_estabelecimento);

describe("the home's daily pick of shops (GET /v1/estabelecimentos/vitrine)", () => {
  it('answers at most 24 active shops of the city, the same order twice in a day, with ETag and 304', async () => {
    const { cod, shops } = await cityWithShops(40);
    const closed = shops[0];
    await t.db
      .updateTable('estabelecimentos')
      .set({ ind_ativo: 'N' })
      .where('id_estabelecimento', '=', closed.id_estabelecimento)
      .execute();
    const other = await createShop(t.db, { nome: 'Loja de Outra Cidade' });

    const url = `/v1/estabelecimentos/vitrine?cod_cidade=${cod}`;
    const first = await t.app.inject({ url });
    expect(first.statusCode).toBe(200);
    const list = first.json<Shop[]>();
    expect(list).toHaveLength(VITRINE_MAX);
    expect(new Set(ids(list)).size).toBe(VITRINE_MAX);
    expect(ids(list)).not.toContain(closed.id_estabelecimento);
    expect(ids(list)).not.toContain(other.id_estabelecimento);
    expect(list.every((s) => s.cod_cidade === cod)).toBe(true);
    // The same fields as the whole list's, shop by shop.
    const whole = (await t.app.inject({ url: `/v1/estabelecimentos?cod_cidade=${cod}` })).json<Shop[]>();
    for (const shop of list)
      expect(shop).toEqual(whole.find((s) => s.id_estabelecimento === shop.id_estabelecimento));
    // Shuffled, not the name order.
    expect(ids(list)).not.toEqual(ids(whole).slice(0, VITRINE_MAX));

    const again = await t.app.inject({ url });
    expect(again.body).toBe(first.body);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect((await t.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
  });

  it('answers every active shop of a small city, and an empty list for a city without shops', async () => {
    const { cod, shops } = await cityWithShops(5);
    const list = (await t.app.inject({ url: `/v1/estabelecimentos/vitrine?cod_cidade=${cod}` })).json<
      Shop[]
    >();
    expect(ids(list).sort((a, b) => a - b)).toEqual(ids(shops).sort((a, b) => a - b));
    const empty = await createCity(t.db);
    const none = await t.app.inject({ url: `/v1/estabelecimentos/vitrine?cod_cidade=${empty.cod_cidade}` });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
  });

  it('differs from city to city and from day to day, and is the same for one day and city', async () => {
    const a = await cityWithShops(30);
    const b = await cityWithShops(30);
    const dayA1 = await service.vitrine(t.db, a.cod, '2026-12-01');
    expect(ids(await service.vitrine(t.db, a.cod, '2026-12-01'))).toEqual(ids(dayA1));
    expect(ids(await service.vitrine(t.db, a.cod, '2026-12-02'))).not.toEqual(ids(dayA1));
    // Two cities' shops have different ids; their positions in id order are compared instead.
    const rank = (city: { shops: Shop[] }, list: Shop[]) =>
      list.map((s) => city.shops.findIndex((x) => x.id_estabelecimento === s.id_estabelecimento));
    const dayB1 = await service.vitrine(t.db, b.cod, '2026-12-01');
    expect(rank(b, dayB1)).not.toEqual(rank(a, dayA1));
  });

  it('refuses a missing or malformed city', async () => {
    for (const q of ['', '?cod_cidade=', '?cod_cidade=abc']) {
      const res = await t.app.inject({ url: `/v1/estabelecimentos/vitrine${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().erro).toMatch(/cidade/i);
    }
  });
});

describe('dailyPick', () => {
  it('is a pick without repeats, fixed by the seed', () => {
    const all = Array.from({ length: 1000 }, (_, i) => i + 1);
    const pick = dailyPick(all, 24, '2026-12-01|1');
    expect(pick).toHaveLength(24);
    expect(new Set(pick).size).toBe(24);
    expect(dailyPick(all, 24, '2026-12-01|1')).toEqual(pick);
    expect(dailyPick(all, 24, '2026-12-02|1')).not.toEqual(pick);
    expect(dailyPick([3, 1], 24, 'x').sort()).toEqual([1, 3]);
  });
});

describe("Participantes' pages (GET /v1/estabelecimentos/busca)", () => {
  it('pages through the active shops of the city by name, the total in X-Total-Count', async () => {
    const { cod, shops } = await cityWithShops(7);
    await t.db
      .updateTable('estabelecimentos')
      .set({ ind_ativo: 'N' })
      .where('id_estabelecimento', '=', shops[6].id_estabelecimento)
      .execute();
    await createShop(t.db, { nome: 'Loja 000 de outra cidade' });
    const page = (n: number) =>
      t.app.inject({ url: `/v1/estabelecimentos/busca?cod_cidade=${cod}&pagina=${n}&limite=4` });
    const one = await page(1);
    expect(one.statusCode).toBe(200);
    expect(one.headers['x-total-count']).toBe('6');
    expect(one.json<Shop[]>().map((s) => s.nome)).toEqual(['Loja 000', 'Loja 001', 'Loja 002', 'Loja 003']);
    const two = await page(2);
    expect(two.headers['x-total-count']).toBe('6');
    expect(two.json<Shop[]>().map((s) => s.nome)).toEqual(['Loja 004', 'Loja 005']);
    const three = await page(3);
    expect(three.json()).toEqual([]);
    // Without pagina and limite: the first 24.
    const first = await t.app.inject({ url: `/v1/estabelecimentos/busca?cod_cidade=${cod}` });
    expect(first.json<Shop[]>()).toHaveLength(6);
  });

  it('finds a part of the name whatever its case and accents, and takes % and _ literally', async () => {
    const names = ['Café São José', 'CAFETERIA DO ZÉ', 'Pão & Cia', 'Açaí 100%', 'Loja_Um', 'Lojaxum'];
    const { cod } = await cityWithShops(names.length, (i) => names[i]);
    const search = async (q: string) => {
      const res = await t.app.inject({
        url: `/v1/estabelecimentos/busca?cod_cidade=${cod}&q=${encodeURIComponent(q)}`,
      });
      expect(res.statusCode, q).toBe(200);
      return { nomes: res.json<Shop[]>().map((s) => s.nome), total: res.headers['x-total-count'] };
    };
    expect(await search('cafe')).toEqual({ nomes: ['Café São José', 'CAFETERIA DO ZÉ'], total: '2' });
    expect((await search('SAO JOSE')).nomes).toEqual(['Café São José']);
    expect((await search('  zé ')).nomes).toEqual(['CAFETERIA DO ZÉ']);
    expect((await search('pao')).nomes).toEqual(['Pão & Cia']);
    expect((await search('acai')).nomes).toEqual(['Açaí 100%']);
    expect((await search('100%')).nomes).toEqual(['Açaí 100%']);
    expect((await search('a_u')).nomes).toEqual(['Loja_Um']);
    expect(await search('nada disso')).toEqual({ nomes: [], total: '0' });
  });

  it('keeps the fold of the database and of db/search-text.ts in agreement', async () => {
    const sample = 'ÁÀÂÃÄáàâãäÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñ ABC xyz';
    const shop = await createShop(t.db, { nome: sample });
    const row = await t.db
      .selectFrom('estabelecimentos')
      .select('nome_busca')
      .where('id_estabelecimento', '=', shop.id_estabelecimento)
      .executeTakeFirstOrThrow();
    expect(row.nome_busca).toBe(foldForSearch(sample));
  });

  it('refuses a malformed page or a city missing', async () => {
    for (const q of ['?q=a', '?cod_cidade=1&pagina=0', '?cod_cidade=1&limite=49', '?cod_cidade=1&limite=x']) {
      const res = await t.app.inject({ url: `/v1/estabelecimentos/busca${q}` });
      expect(res.statusCode, q).toBe(400);
    }
  });
});
