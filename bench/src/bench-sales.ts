import type { BenchDb } from './bench-db.js';
import { cannon, login } from './bench-http.js';
import type { BenchTarget } from './bench-target.js';
import type { Figure } from './report.js';
import { cpuSecondsOf, type RunningServer } from './server.js';

export interface SalesOptions {
  connections: number;
  duration: number;
}

/** The sale day: today (UTC) clamped into the campaign's validity, so every sale is accepted. */
export async function saleDay(db: BenchDb, idCampanha: number): Promise<string> {
  const [camp] = await db.all<{ ini: string; fim: string }>(
    'select validade_ini as ini, validade_fim as fim from campanhas where id_campanha = ?',
    [idCampanha],
  );
  const utcToday = new Date().toISOString().slice(0, 10);
  return camp ? [camp.ini, utcToday, camp.fim].sort()[1]! : utcToday;
}

/** One sale as the benchmark registers it: the partner's shop and campaign, a random consumer. */
export function saleBody(t: BenchTarget, day: string, numero: string) {
  return {
    id_campanha: t.partner.idCampanha,
    id_estabelecimento: t.partner.idEstabelecimento,
    id_usuario: t.consumerIds[Math.floor(Math.random() * t.consumerIds.length)]!,
    dat_venda: day,
    numero_venda: numero,
    valor_venda: 10 + Math.floor(Math.random() * 490),
    id_vendedor: 99,
  };
}

/**
 * Benchmark 2: `POST /v1/parceiro/vendas` as the partner, each request a new sale number and a
 * random consumer; afterwards the database must hold exactly one sale per 201 answer.
 */
export async function benchSales(
  server: RunningServer,
  db: BenchDb,
  t: BenchTarget,
  o: SalesOptions,
): Promise<Figure[]> {
  const partner = await login(server.url, 'parceiro', t.partner.email, t.password);
  const day = await saleDay(db, t.partner.idCampanha);
  const run = `B${Date.now().toString(36)}`;
  let n = 0;
  const created: string[] = [];
  const statuses: Record<number, number> = {};
  let firstError = '';
  const base = {
    method: 'POST',
    path: '/v1/parceiro/vendas',
    headers: { 'content-type': 'application/json', authorization: partner.authorization },
  };
  const load = (duration: number, prefix: string, counted: boolean) =>
    cannon({
      url: server.url,
      connections: o.connections,
      duration,
      requests: [
        {
          ...base,
          setupRequest: (req, context) => {
            const numero = `${prefix}-${++n}`;
            context.numero = numero;
            return { ...req, ...base, body: JSON.stringify(saleBody(t, day, numero)) };
          },
          onResponse: (status, body, context) => {
            if (!counted) return;
            statuses[status] = (statuses[status] ?? 0) + 1;
            if (status === 201) created.push(String(context.numero));
            else if (!firstError) firstError = `${status} ${String(body).slice(0, 200)}`;
          },
        },
      ],
    });
  // A short warm-up, as for the reads (its sales numbered apart, outside the SQL check): the
  // figures are the server's steady state, not its first second of compiling the sale's code
  // and filling its page cache.
  await load(Math.min(1, o.duration / 4), `${run}w`, false);
  const cpuBefore = cpuSecondsOf(server.pid);
  const r = await load(o.duration, run, true);
  const ok = r['2xx'];
  const rate = ok / r.duration;
  // The server's CPU per sale (every thread of its process): what the server itself spends,
  // apart from the load generator's share of the machine (decision 022).
  const cpuPerSaleUs = ((cpuSecondsOf(server.pid) - cpuBefore) / Math.max(ok, 1)) * 1e6;

  // Every 201 is one sale, and only one; rows beyond them were in flight when the run stopped.
  const rows = await db.all<{ numero_venda: string }>(
    'select numero_venda from vendas where id_estabelecimento = ? and numero_venda like ?',
    [t.partner.idEstabelecimento, `${run}-%`],
  );
  const count = new Map<string, number>();
  for (const row of rows) count.set(row.numero_venda, (count.get(row.numero_venda) ?? 0) + 1);
  const missing = created.filter((x) => count.get(x) !== 1).length;
  const extra = rows.length - created.length;
  const verified = missing === 0 && created.length === ok;
  return [
    {
      bench: 'sales',
      name: `sales/s (POST /v1/parceiro/vendas, ${db.dialect})`,
      value: rate,
      unit: '/s',
      target: { op: '>=', value: db.dialect === 'postgres' ? 1000 : 2000 },
      reference: `${ok.toLocaleString('en-US')} sales in ${r.duration.toFixed(1)} s, ${o.connections} conn; SQL check ${verified ? 'OK' : 'FAILED'} (${rows.length} rows, ${missing} missing${extra > 0 ? `, ${extra} in flight at stop` : ''})${r.non2xx ? `; non-2xx ${r.non2xx}: ${firstError}` : ''}`,
      details: { statuses, rows: rows.length, created: created.length, missing, extra, verified, day, run },
    },
    {
      bench: 'sales',
      name: 'sale p99',
      value: r.latency.p99,
      unit: 'ms',
      target: { op: '<', value: 30 },
      reference: `p50 ${r.latency.p50} ms, max ${r.latency.max} ms; server CPU ${Number.isFinite(cpuPerSaleUs) ? `${Math.round(cpuPerSaleUs)} µs` : 'n/a'} a sale`,
      details: { cpuPerSaleUs: Number.isFinite(cpuPerSaleUs) ? cpuPerSaleUs : null },
    },
  ];
}
