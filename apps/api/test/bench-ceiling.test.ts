import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper.js';
import { createCity, createShop } from './factories.js';

describe('the bench ceiling route (BENCH_CEILING=1 only)', () => {
  describe('without the flag', () => {
    const t = useTestApp();

    it('does not exist', async () => {
      const post = await t.app.inject({
        method: 'POST',
        url: '/__bench/ceiling',
        payload: { path: '/health' },
      });
      expect(post.statusCode).toBe(404);
      const get = await t.app.inject({ method: 'GET', url: '/__bench/ceiling?path=/health' });
      expect(get.statusCode).toBe(404);
      expect(get.body).not.toContain('capturado');
    });
  });

  describe('with BENCH_CEILING=1', () => {
    const t = useTestApp({ BENCH_CEILING: '1' });

    it('replays the captured answer byte for byte, with its headers', async () => {
      const city = await createCity(t.db);
      await createShop(t.db, { cod_cidade: city.cod_cidade, nome: 'Padaria do Bench' });
      const path = `/v1/estabelecimentos?cod_cidade=${city.cod_cidade}`;
      const real = await t.app.inject({ method: 'GET', url: path });
      expect(real.statusCode).toBe(200);

      const captured = await t.app.inject({ method: 'POST', url: '/__bench/ceiling', payload: { path } });
      expect(captured.statusCode).toBe(200);
      expect(captured.json()).toMatchObject({ path, status: 200, bytes: real.rawPayload.length });

      const replay = await t.app.inject({
        method: 'GET',
        url: `/__bench/ceiling?path=${encodeURIComponent(path)}`,
      });
      expect(replay.statusCode).toBe(200);
      expect(replay.rawPayload.equals(real.rawPayload)).toBe(true);
      expect(replay.body).toContain('Padaria do Bench');
      expect(replay.headers['content-type']).toBe(real.headers['content-type']);
      expect(replay.headers.etag).toBe(real.headers.etag);
    });

    it('refuses paths that are not the app’s and answers 404 for nothing captured', async () => {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/__bench/ceiling',
        payload: { path: 'http://x/' },
      });
      expect(bad.statusCode).toBe(400);
      const none = await t.app.inject({ method: 'GET', url: '/__bench/ceiling?path=/nunca' });
      expect(none.statusCode).toBe(404);
    });
  });
});
