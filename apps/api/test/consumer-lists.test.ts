import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper.js';
import {
  createCampaign,
  createCity,
  createNotice,
  createPromotion,
  createShop,
  createWinner,
  day,
  rateAndApprove,
} from './factories.js';

const t = useTestApp();

describe('consumer lists of a city', () => {
  it('lists only the active shops of the asked city, with public fields only', async () => {
    const a = await createCity(t.db);
    const b = await createCity(t.db);
    const active = await createShop(t.db, { cod_cidade: a.cod_cidade, nome: 'Padaria Aberta' });
    const closed = await createShop(t.db, { cod_cidade: a.cod_cidade, nome: 'Loja Fechada' });
    await t.db
      .updateTable('estabelecimentos')
      .set({ ind_ativo: 'N' })
      .where('id_estabelecimento', '=', closed.id_estabelecimento)
      .execute();
    await createShop(t.db, { cod_cidade: b.cod_cidade, nome: 'Loja de Outra Cidade' });

    const res = await t.app.inject({ url: `/v1/estabelecimentos?cod_cidade=${a.cod_cidade}` });
    expect(res.statusCode).toBe(200);
    const list = res.json<Record<string, unknown>[]>();
    expect(list.map((s) => s.nome)).toEqual(['Padaria Aberta']);
    expect(list[0]).toMatchObject({
      id_estabelecimento: active.id_estabelecimento,
      avaliacao: 0,
      qtd_avaliacao: 0,
      ind_ativo: 'S',
      vl_min_pedido: 0,
    });
    expect(list[0]).not.toHaveProperty('soma_estrelas');
    expect(list[0]).not.toHaveProperty('cnpj');
  });

  it('refuses a missing or malformed city with a Portuguese message', async () => {
    for (const q of ['', '?cod_cidade=', '?cod_cidade=abc', '?cod_cidade=-3']) {
      const res = await t.app.inject({ url: `/v1/estabelecimentos${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().erro).toMatch(/cidade/i);
    }
  });

  it('answers ETag and 304, and a write to the city changes the answer', async () => {
    const a = await createCity(t.db);
    const b = await createCity(t.db);
    const shop = await createShop(t.db, { cod_cidade: a.cod_cidade });
    await createShop(t.db, { cod_cidade: b.cod_cidade });
    const url = `/v1/estabelecimentos?cod_cidade=${a.cod_cidade}`;
    const urlB = `/v1/estabelecimentos?cod_cidade=${b.cod_cidade}`;

    const first = await t.app.inject({ url });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const etagB = (await t.app.inject({ url: urlB })).headers.etag as string;

    // A consumer rates the shop and an admin of the city approves it: the shop's rating changes.
    await rateAndApprove(t.app, t.db, shop, 4);

    const after = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json()[0]).toMatchObject({ avaliacao: 4, qtd_avaliacao: 1 });
    // Another city's answer did not change.
    expect((await t.app.inject({ url: urlB, headers: { 'if-none-match': etagB } })).statusCode).toBe(304);
  });

  it('sends the list compressed as the browser accepts, the same JSON in every coding', async () => {
    const a = await createCity(t.db);
    for (let i = 0; i < 12; i++)
      await createShop(t.db, { cod_cidade: a.cod_cidade, nome: `Loja Número ${i}` });
    const url = `/v1/estabelecimentos?cod_cidade=${a.cod_cidade}`;
    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveLength(12);

    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    // A strong ETag names one sequence of bytes: each coding has its own.
    expect(br.headers.etag).not.toBe(plain.headers.etag);

    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());

    // Any coding's validator gets 304.
    for (const etag of [br.headers.etag, gz.headers.etag, plain.headers.etag]) {
      const again = await t.app.inject({
        url,
        headers: { 'accept-encoding': 'gzip', 'if-none-match': String(etag) },
      });
      expect(again.statusCode).toBe(304);
    }
  });

  it('sends a small answer as it is, whatever the browser accepts', async () => {
    const a = await createCity(t.db);
    const res = await t.app.inject({
      url: `/v1/avisos?cod_cidade=${a.cod_cidade}`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual([]);
  });

  it('lists running and upcoming campaigns with their shops and factors', async () => {
    const a = await createCity(t.db);
    const shop = await createShop(t.db, { cod_cidade: a.cod_cidade, nome: 'Mercado Central' });
    const running = await createCampaign(t.db, {
      cod_cidade: a.cod_cidade,
      den_campanha: 'Natal Premiado',
      lojas: [{ id_estabelecimento: shop.id_estabelecimento, fator_cashback: 0.05, fator_sorteio: 0.0125 }],
    });
    await createCampaign(t.db, {
      cod_cidade: a.cod_cidade,
      den_campanha: 'Acabou',
      validade_ini: day(-60),
      validade_fim: day(-2),
    });
    await createCampaign(t.db, {
      cod_cidade: a.cod_cidade,
      den_campanha: 'Carnaval',
      validade_ini: day(20),
      validade_fim: day(50),
    });

    const res = await t.app.inject({ url: `/v1/campanhas?cod_cidade=${a.cod_cidade}` });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ den_campanha: string; id_campanha: number; estabelecimentos: unknown[] }[]>();
    expect(list.map((c) => c.den_campanha)).toEqual(['Natal Premiado', 'Carnaval']);
    expect(list[0]).toMatchObject({
      id_campanha: running.id_campanha,
      validade_fim: day(30),
      banner: 'imgban/teste.png',
    });
    expect(list[0].estabelecimentos).toEqual([
      {
        id_estabelecimento: shop.id_estabelecimento,
        nome: 'Mercado Central',
        id_campanha: running.id_campanha,
        fator_cashback: 0.05,
        fator_sorteio: 0.0125,
      },
    ]);

    // The admin's call spells it `codcidade` (spec §7): the same list; neither is 'Escolha a cidade'.
    const admin = await t.app.inject({ url: `/v1/campanhas?codcidade=${a.cod_cidade}` });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toEqual(list);
    for (const url of ['/v1/campanhas', '/v1/campanhas?codcidade=abc', '/v1/campanhas?cod_cidade=0']) {
      const bad = await t.app.inject({ url });
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json(), url).toEqual({ erro: 'Escolha a cidade' });
    }
  });

  it('lists winners of the city with photos under both spellings', async () => {
    const a = await createCity(t.db);
    const b = await createCity(t.db);
    const shop = await createShop(t.db, { cod_cidade: a.cod_cidade, nome: 'Ótica Visão' });
    const camp = await createCampaign(t.db, { cod_cidade: a.cod_cidade });
    const other = await createCampaign(t.db, { cod_cidade: b.cod_cidade });
    await createWinner(t.db, {
      id_campanha: camp.id_campanha,
      id_estabelecimento: shop.id_estabelecimento,
      nome_sorteado: 'Carlos Souza',
      fotos: ['users/a.png', 'users/b.png'],
    });
    await createWinner(t.db, { id_campanha: other.id_campanha, nome_sorteado: 'De Outra Cidade' });

    const res = await t.app.inject({ url: `/v1/campanhas/contemplados?cod_cidade=${a.cod_cidade}` });
    expect(res.statusCode).toBe(200);
    const list = res.json<Record<string, unknown>[]>();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      nome_sorteado: 'Carlos Souza',
      nom_estabelecimento: 'Ótica Visão',
      fotos: ['users/a.png', 'users/b.png'],
      images: [{ url_foto: 'users/a.png' }, { url_foto: 'users/b.png' }],
    });
  });

  it('lists only valid notices, with their HTML sanitised', async () => {
    const a = await createCity(t.db);
    await createNotice(t.db, {
      cod_cidade: a.cod_cidade,
      title: 'Feira no sábado',
      body: 'Venha!<br><b>Das 8h</b><script>alert(1)</script><img src=x onerror=alert(1)>',
      validade: day(0),
    });
    await createNotice(t.db, { cod_cidade: a.cod_cidade, title: 'Vencido', validade: day(-2) });

    const res = await t.app.inject({ url: `/v1/avisos?cod_cidade=${a.cod_cidade}` });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ title: string; body: string }[]>();
    expect(list.map((n) => n.title)).toEqual(['Feira no sábado']);
    expect(list[0].body).toBe('Venha!<br /><b>Das 8h</b>');
  });

  it('shows a shop’s paid promotions that run today, and nothing else', async () => {
    const shop = await createShop(t.db);
    const paid = await createPromotion(t.db, { id_estabelecimento: shop.id_estabelecimento });
    await createPromotion(t.db, { id_estabelecimento: shop.id_estabelecimento, ies_pago: 'N' });
    await createPromotion(t.db, {
      id_estabelecimento: shop.id_estabelecimento,
      dat_inicio: day(-10),
      dat_final: day(-3),
    });
    await createPromotion(t.db, {
      id_estabelecimento: shop.id_estabelecimento,
      dat_inicio: day(3),
      dat_final: day(9),
    });

    const res = await t.app.inject({
      url: `/v1/promocoes/${shop.id_estabelecimento}?cod_cidade=${shop.cod_cidade}`,
    });
    expect(res.statusCode).toBe(200);
    const list = res.json<Record<string, unknown>[]>();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id_promocao: paid.id_promocao,
      val_desconto: 10.5,
      val_minimo: 50,
      regra: 'Válido uma vez por cliente',
    });
    expect((await t.app.inject({ url: '/v1/promocoes/abc' })).statusCode).toBe(400);
  });
});
