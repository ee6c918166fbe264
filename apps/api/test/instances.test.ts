import { describe, expect, it } from 'vitest';
import { createCity, createShop, rateAndApprove } from './factories.js';
import { dialect, useSecondInstance, useTestApp } from './helper.js';

/**
 * Several instances (issue 11): two API processes' worth of app on one PostgreSQL database.
 * Each keeps its own city cache; a write through one must show through the other within a
 * second (LISTEN/NOTIFY, plugins/city-cache.ts), where before it would stay cached all day.
 */
const t = useTestApp();

describe.runIf(dialect === 'postgres')('two instances on one PostgreSQL database', () => {
  const instance = useSecondInstance(t);

  it('shows a write made through one instance through the other within a second', async () => {
    const city = await createCity(t.db);
    const shop = await createShop(t.db, { cod_cidade: city.cod_cidade, nome: 'Loja Compartilhada' });
    const url = `/v1/estabelecimentos?cod_cidade=${city.cod_cidade}`;
    // The other instance caches the city's shops: no rating yet.
    expect((await instance().inject({ url })).json()[0]).toMatchObject({ avaliacao: 0, qtd_avaliacao: 0 });

    // Through the first instance, a consumer rates the shop and an admin approves it.
    await rateAndApprove(t.app, t.db, shop, 5);

    const started = Date.now();
    let seen: { avaliacao: number; qtd_avaliacao: number } | undefined;
    while (Date.now() - started < 1000) {
      seen = (await instance().inject({ url })).json()[0];
      if (seen?.qtd_avaliacao === 1) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen).toMatchObject({ avaliacao: 5, qtd_avaliacao: 1 });
  });
});
