import { addDays } from '@praca/contract';
import { createDb } from '../../apps/api/src/db/index.js';
import * as series from '../../apps/api/src/modules/dashboard/series-repository.js';
import { peopleByWeek } from '../../apps/api/src/modules/dashboard/series-service.js';
import { login, summarise, timeGets } from './bench-http.js';
import type { BenchTarget } from './bench-target.js';
import type { Figure } from './report.js';
import type { RunningServer } from './server.js';

export interface DashboardOptions {
  /** Sequential measured runs per query and per request (after 3 warm-up ones). */
  runs: number;
  /** The database the server runs on: the queries are also timed one by one, in process. */
  databaseUrl: string;
  dataDir: string;
  /** The programme's today of the generated data. */
  today: string;
}

/** The periods of the dashboard's picker, as the web asks for them. */
function periods(
  today: string,
  campaign: { id_campanha: number; validade_ini: string; validade_fim: string },
) {
  const end = campaign.validade_fim < today ? campaign.validade_fim : today;
  return [
    { name: 'this campaign', de: campaign.validade_ini, ate: end, idCampanha: campaign.id_campanha },
    { name: '30 days', de: addDays(today, -29), ate: today, idCampanha: null },
    { name: '12 months', de: addDays(today, -364), ate: today, idCampanha: null },
    { name: '2 years (the cap)', de: addDays(today, -730), ate: today, idCampanha: null },
  ];
}

/**
 * Benchmark "dashboard" (issue 39): each chart's query at city scale, one by one in process
 * (its median of `runs`, target < 100 ms), for each period of the picker; then the charts'
 * answer and the dashboard's answer over HTTP (median and size; the dashboard < 100 kB).
 */
export async function benchDashboard(
  server: RunningServer,
  t: BenchTarget,
  o: DashboardOptions,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  const { db, close } = createDb({ databaseUrl: o.databaseUrl, dataDir: o.dataDir, poolSize: 2 });
  try {
    const codCidade = t.codCidade;
    const campaign =
      (await series.runningCampaign(db, codCidade, o.today)) ??
      (await db
        .selectFrom('campanhas')
        .select(['id_campanha', 'den_campanha', 'validade_ini', 'validade_fim'])
        .where('cod_cidade', '=', codCidade)
        .orderBy('validade_ini', 'desc')
        .executeTakeFirstOrThrow());
    const time = async (fn: () => Promise<unknown>) => {
      const samples: number[] = [];
      for (let i = 0; i < 3 + o.runs; i++) {
        const t0 = performance.now();
        await fn();
        if (i >= 3) samples.push(performance.now() - t0);
      }
      return summarise(samples);
    };
    for (const p of periods(o.today, campaign)) {
      const scope = { codCidade, idCampanha: p.idCampanha, de: p.de, ate: p.ate };
      const queries: [string, () => Promise<unknown>][] = [
        ['sales and coupons per day', () => series.salesByDay(db, scope)],
        ['top 10 shops', () => series.topShops(db, scope, 10)],
        ['new participants per week', () => peopleByWeek(db, codCidade, p.de, p.ate)],
      ];
      for (const [name, fn] of queries) {
        const s = await time(fn);
        figures.push({
          bench: 'dashboard',
          name: `${name}, ${p.name} (median)`,
          value: s.median,
          unit: 'ms',
          target: { op: '<', value: 100 },
          reference: `p95 ${s.p95.toFixed(1)} ms of ${o.runs}; ${p.de}…${p.ate}${p.idCampanha ? `, campanha ${p.idCampanha}` : ''}`,
        });
      }
    }
    const progress = await time(() => series.campaignProgress(db, campaign.id_campanha));
    figures.push({
      bench: 'dashboard',
      name: 'campaign progress (median)',
      value: progress.median,
      unit: 'ms',
      target: { op: '<', value: 100 },
      reference: `p95 ${progress.p95.toFixed(1)} ms of ${o.runs}; campanha ${campaign.id_campanha}`,
    });

    const admin = await login(server.url, 'admin', t.admin.email, t.password);
    const headers = { authorization: admin.authorization };
    for (const p of periods(o.today, campaign)) {
      const q = new URLSearchParams({ cod_cidade: String(codCidade), de: p.de, ate: p.ate });
      if (p.idCampanha) q.set('id_campanha', String(p.idCampanha));
      const r = await timeGets(`${server.url}/v1/adm/dashboard/series?${q}`, headers, o.runs);
      figures.push({
        bench: 'dashboard',
        name: `charts answer, ${p.name} (median)`,
        value: r.median,
        unit: 'ms',
        target: { op: '<', value: 100 },
        reference: `p95 ${r.p95.toFixed(1)} ms of ${o.runs}, ${r.bytes.toLocaleString('en')} B; GET /v1/adm/dashboard/series`,
      });
    }
    const d = await timeGets(`${server.url}/v1/adm/dashboard?cod_cidade=${codCidade}`, headers, o.runs);
    figures.push({
      bench: 'dashboard',
      name: 'dashboard answer size',
      value: d.bytes / 1000,
      unit: 'kB',
      target: { op: '<', value: 100 },
      reference: `median ${d.median.toFixed(1)} ms of ${o.runs}; GET /v1/adm/dashboard`,
    });
  } finally {
    await close();
  }
  return figures;
}
