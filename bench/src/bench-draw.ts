import type { BenchDb } from './bench-db.js';
import { login, summarise } from './bench-http.js';
import type { BenchTarget } from './bench-target.js';
import type { Figure } from './report.js';
import type { RunningServer } from './server.js';

export interface DrawOptions {
  runs: number;
}

/** The eligible coupons with both exclusions (mloja=N, musuario=N), as the draws module defines them. */
const ELIGIBLE = `from cupons k
  where k.id_campanha = ? and k.anulado_em is null and k.sorteado_em is null
    and k.id_usuario not in (select w.id_usuario from contemplados w where w.id_campanha = ? and w.id_usuario is not null)
    and k.id_estabelecimento not in (select w.id_estabelecimento from contemplados w where w.id_campanha = ? and w.id_estabelecimento is not null)`;

/** Undo a benchmark draw so the next run sees the same campaign (winner, record, coupon mark). */
async function undoDraw(db: BenchDb, idRegistro: number): Promise<void> {
  const [r] = await db.all<{ id_cupom: number; id_sorteado: number | null }>(
    'select id_cupom, id_sorteado from sorteios where id = ?',
    [idRegistro],
  );
  if (!r) return;
  await db.run('delete from sorteios where id = ?', [idRegistro]);
  if (r.id_sorteado != null) {
    await db.run('delete from contemplado_fotos where id_sorteado = ?', [r.id_sorteado]);
    await db.run('delete from contemplados where id_sorteado = ?', [r.id_sorteado]);
  }
  await db.run('update cupons set sorteado_em = null where id_cupom = ?', [r.id_cupom]);
}

/**
 * Benchmark 3: the admin draw with both exclusions on the campaign with the most coupons,
 * `runs` times (each undone afterwards through SQL), against `ORDER BY random() LIMIT 1` over
 * the same eligible coupons run directly on the database.
 */
export async function benchDraw(
  server: RunningServer,
  db: BenchDb,
  t: BenchTarget,
  o: DrawOptions,
): Promise<Figure[]> {
  const admin = await login(server.url, 'admin', t.admin.email, t.password);
  const url = `${server.url}/v1/adm/sorteio/${t.drawCampaign}?mloja=N&musuario=N`;
  const api: number[] = [];
  let eligible = 0;
  for (let i = 0; i < o.runs + 1; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { authorization: admin.authorization } });
    const body = (await res.json()) as { id_registro?: number; qtd_elegiveis?: number };
    const ms = performance.now() - t0;
    if (!res.ok || typeof body.id_registro !== 'number') {
      throw new Error(`sorteio ${t.drawCampaign}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
    eligible = body.qtd_elegiveis ?? eligible;
    await undoDraw(db, body.id_registro);
    if (i > 0) api.push(ms); // the first run warms the server's statements
  }
  const sqlTimes: number[] = [];
  const params = [t.drawCampaign, t.drawCampaign, t.drawCampaign];
  const [cnt] = await db.all<{ n: number | string }>(`select count(*) as n ${ELIGIBLE}`, params);
  for (let i = 0; i < o.runs + 1; i++) {
    const t0 = performance.now();
    await db.all(`select k.id_cupom ${ELIGIBLE} order by random() limit 1`, params);
    if (i > 0) sqlTimes.push(performance.now() - t0);
  }
  const a = summarise(api);
  const s = summarise(sqlTimes);
  return [
    {
      bench: 'draw',
      name: `draw mloja=N musuario=N (campaign ${t.drawCampaign})`,
      value: a.median,
      unit: 'ms',
      target: { op: '<', value: 50 },
      reference: `ORDER BY random() ${s.median.toFixed(2)} ms → ratio ${ratioText(a.median / s.median)}; ${Number(cnt?.n ?? eligible).toLocaleString('en-US')} eligible; median of ${o.runs}`,
      details: { api: a, orderByRandom: s, eligible: Number(cnt?.n ?? eligible) },
    },
  ];
}

/** A ratio readable at any size: two significant digits, and 'N× faster' when well below 1. */
function ratioText(r: number): string {
  const digits = r >= 1 ? r.toFixed(2) : r.toPrecision(2);
  return r > 0 && r < 0.5 ? `${digits} (${Math.round(1 / r).toLocaleString('en-US')}× faster)` : digits;
}
