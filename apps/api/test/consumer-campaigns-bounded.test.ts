import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper.js';
import { createCampaign, createCity, createShop, day } from './factories.js';

const t = useTestApp();

type Campanha = { id_campanha: number; den_campanha: string; estabelecimentos?: unknown[] };

describe("the home's campaigns without their shops (GET /v1/campanhas/resumo)", () => {
  it("answers the spec's list without the shop lists, the same whatever the number of shops", async () => {
    const a = await createCity(t.db);
    const b = await createCity(t.db);
    const shops = [];
    for (let i = 0; i < 30; i++)
      shops.push(await createShop(t.db, { cod_cidade: a.cod_cidade, nome: `Loja ${i}` }));
    const lojas = shops.map((s) => ({ id_estabelecimento: s.id_estabelecimento }));
    await createCampaign(t.db, { cod_cidade: a.cod_cidade, den_campanha: 'Natal Premiado', lojas });
    await createCampaign(t.db, {
      cod_cidade: a.cod_cidade,
      den_campanha: 'Acabou',
      validade_ini: day(-60),
      validade_fim: day(-2),
      lojas,
    });
    await createCampaign(t.db, {
      cod_cidade: a.cod_cidade,
      den_campanha: 'Carnaval',
      validade_ini: day(20),
      validade_fim: day(50),
      lojas: lojas.slice(0, 3),
    });
    await createCampaign(t.db, { cod_cidade: b.cod_cidade, den_campanha: 'Da Outra Cidade' });

    const res = await t.app.inject({ url: `/v1/campanhas/resumo?cod_cidade=${a.cod_cidade}` });
    expect(res.statusCode).toBe(200);
    const resumo = res.json<Campanha[]>();
    // The spec's route still lists every shop, and this one every campaign of it, field by field.
    const full = (await t.app.inject({ url: `/v1/campanhas?cod_cidade=${a.cod_cidade}` })).json<Campanha[]>();
    expect(full.map((c) => c.estabelecimentos?.length)).toEqual([30, 3]);
    expect(resumo.map((c) => c.den_campanha)).toEqual(['Natal Premiado', 'Carnaval']);
    expect(resumo[0]).toEqual({
      id_campanha: full[0].id_campanha,
      den_campanha: 'Natal Premiado',
      banner: 'imgban/teste.png',
      validade_ini: day(-10),
      validade_fim: day(30),
      link: '',
      cod_cidade: a.cod_cidade,
    });
    for (const [i, c] of resumo.entries())
      expect(c).toEqual(
        Object.fromEntries(Object.entries(full[i]).filter(([k]) => k in resumo[0])) as Campanha,
      );

    // Shops joining a campaign do not change its size.
    const before = res.body.length;
    for (let i = 0; i < 10; i++) {
      const shop = await createShop(t.db, { cod_cidade: a.cod_cidade });
      await t.db
        .insertInto('campanha_estabelecimentos')
        .values({
          id_campanha: full[1].id_campanha,
          id_estabelecimento: shop.id_estabelecimento,
          fator_cashback_e4: 500,
          fator_sorteio_e4: 100,
        })
        .execute();
    }
    t.app.cityCache.invalidate(a.cod_cidade);
    const after = await t.app.inject({ url: `/v1/campanhas/resumo?cod_cidade=${a.cod_cidade}` });
    expect(after.body.length).toBe(before);

    const none = await t.app.inject({
      url: `/v1/campanhas/resumo?cod_cidade=${(await createCity(t.db)).cod_cidade}`,
    });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
  });

  it("is cached per city with an ETag and 304 until a write drops the city's answers", async () => {
    const a = await createCity(t.db);
    await createCampaign(t.db, { cod_cidade: a.cod_cidade, den_campanha: 'Primeira' });
    const url = `/v1/campanhas/resumo?cod_cidade=${a.cod_cidade}`;
    const first = await t.app.inject({ url });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect((await t.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    // A write straight to the table is not seen until the city's cache is dropped (the cache).
    await createCampaign(t.db, { cod_cidade: a.cod_cidade, den_campanha: 'Segunda' });
    expect((await t.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    t.app.cityCache.invalidate(a.cod_cidade);
    const changed = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Campanha[]>().map((c) => c.den_campanha)).toEqual(['Primeira', 'Segunda']);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('is in the OpenAPI document without the shops, beside the spec route with them', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json<{
      paths: Record<
        string,
        { get: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }
      >;
    }>();
    const item = (path: string) =>
      (
        doc.paths[path].get.responses['200'].content['application/json'].schema as {
          items: { properties: object };
        }
      ).items.properties;
    expect(Object.keys(item('/v1/campanhas/resumo')).sort()).toEqual([
      'banner',
      'cod_cidade',
      'den_campanha',
      'id_campanha',
      'link',
      'validade_fim',
      'validade_ini',
    ]);
    expect(item('/v1/campanhas')).toHaveProperty('estabelecimentos');
  });

  it('asks for the city by cod_cidade', async () => {
    for (const url of [
      '/v1/campanhas/resumo',
      '/v1/campanhas/resumo?cod_cidade=abc',
      '/v1/campanhas/resumo?cod_cidade=0',
    ]) {
      const bad = await t.app.inject({ url });
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json(), url).toEqual({ erro: 'Escolha a cidade' });
    }
  });
});
