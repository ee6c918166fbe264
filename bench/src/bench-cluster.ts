import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { backendCpu, backendCpuSince, type BenchDb } from './bench-db.js';
import { login } from './bench-http.js';
import { checkLedger, saleBody, saleDay } from './bench-sales.js';
import type { BenchTarget } from './bench-target.js';
import type { Figure } from './report.js';
import { cpuSecondsOf, startServer, type RunningServer } from './server.js';

/**
 * Issue 54, proof on three instances, the large numbers (`npm run bench -- --only cluster`,
 * PostgreSQL): real servers, each its own process and port and DATA_DIR, on one database and one
 * shared directory (`STORAGE_URL=file:///…`).
 *
 * 1. The sales on one, two and three instances, the load spread over them in turn: sales/s and
 *    p99, and the CPU each process used (every instance, PostgreSQL's backends, this load
 *    generator). Recorded, not judged: on two cores a second instance has no core of its own.
 * 2. A mixed run on three: the sales go on while a large export (about `exportRows` rows of the
 *    city's sales) is asked of one instance and webhook deliveries go to a receiver on
 *    127.0.0.1; one instance is killed with SIGKILL half way and another started in its place.
 *    Then every 201 must be stored with its coupons (numbers gapless, totals exact), every job
 *    done on the survivors, every webhook event received at least once (repeats told apart by
 *    the event's id), the export downloaded whole and the same from every live instance.
 */
export interface ClusterOptions {
  dataDir: string;
  databaseUrl: string;
  /** Seconds of each scaling run (×1, ×2, ×3) and of the mixed run. */
  seconds: number;
  /** Requests in flight at once, over all the instances. */
  connections: number;
  /** About how many rows the mixed run's export has. */
  exportRows: number;
  log: (line: string) => void;
}

const CPF_KEY = 'chave-dos-cpfs-do-benchmark-de-instancias';
const QR_SECRET = 'segredo-dos-codigos-do-benchmark-de-instancias';

interface Load {
  ok: number;
  /** Each answered sale's number → its coupons' count (the ledger check). */
  answered: Map<string, number>;
  latencies: number[];
  statuses: Record<string, number>;
  seconds: number;
}

/**
 * Sales as the partner registers them, `connections` at once, each request to the next live
 * instance in turn, for `seconds`; a keep-alive agent per instance. A request to an instance that
 * died counts as refused, and is not retried.
 */
async function sell(
  instances: () => RunningServer[],
  authorization: string,
  t: BenchTarget,
  day: string,
  prefix: string,
  o: { seconds: number; connections: number },
  during?: (elapsedMs: number) => void,
): Promise<Load> {
  const agents = new Map<string, http.Agent>();
  const agentOf = (url: string) => {
    let a = agents.get(url);
    if (!a) agents.set(url, (a = new http.Agent({ keepAlive: true, maxSockets: o.connections })));
    return a;
  };
  const load: Load = { ok: 0, answered: new Map(), latencies: [], statuses: {}, seconds: 0 };
  let n = 0;
  let turn = 0;
  const t0 = performance.now();
  const end = t0 + o.seconds * 1000;
  const one = (base: string, numero: string) =>
    new Promise<void>((resolve) => {
      const body = Buffer.from(JSON.stringify(saleBody(t, day, numero)));
      const started = performance.now();
      const count = (k: string) => (load.statuses[k] = (load.statuses[k] ?? 0) + 1);
      const req = http.request(
        `${base}/v1/parceiro/vendas`,
        {
          method: 'POST',
          agent: agentOf(base),
          headers: { 'content-type': 'application/json', 'content-length': body.length, authorization },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            count(String(res.statusCode));
            if (res.statusCode === 201) {
              load.ok++;
              load.latencies.push(performance.now() - started);
              const cupons = (JSON.parse(Buffer.concat(chunks).toString()) as { cupons: unknown[] }).cupons;
              load.answered.set(numero, cupons.length);
            }
            resolve();
          });
          res.on('error', () => resolve());
        },
      );
      req.on('error', (err: NodeJS.ErrnoException) => {
        count(err.code ?? 'erro');
        resolve();
      });
      req.end(body);
    });
  const ticker = during ? setInterval(() => during(performance.now() - t0), 100) : undefined;
  try {
    await Promise.all(
      Array.from({ length: o.connections }, async () => {
        while (performance.now() < end) {
          const live = instances();
          await one(live[turn++ % live.length]!.url, `${prefix}-${++n}`);
        }
      }),
    );
  } finally {
    clearInterval(ticker);
    for (const a of agents.values()) a.destroy();
  }
  load.seconds = (performance.now() - t0) / 1000;
  return load;
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

/** CPU seconds each process used while `fn` ran: the instances, PostgreSQL's backends, this one. */
async function cpuOf<T>(db: BenchDb, pids: number[], fn: () => Promise<T>) {
  const before = pids.map(cpuSecondsOf);
  const pg = await backendCpu(db);
  const self = process.cpuUsage();
  const value = await fn();
  const harness = process.cpuUsage(self);
  return {
    value,
    instances: pids.map((p, i) => cpuSecondsOf(p) - before[i]!),
    postgres: backendCpuSince(pg, await backendCpu(db)),
    harness: (harness.user + harness.system) / 1e6,
  };
}

const s1 = (x: number) => (Number.isFinite(x) ? `${x.toFixed(1)} s` : 'n/a');

export async function benchCluster(db: BenchDb, t: BenchTarget, o: ClusterOptions): Promise<Figure[]> {
  if (db.dialect !== 'postgres')
    throw new Error('cluster: várias instâncias precisam de PostgreSQL (--database-url postgres://…)');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-bench-cluster-'));
  const store = path.join(work, 'loja');
  fs.mkdirSync(store);
  const servers: RunningServer[] = [];
  const start = async (n: number, onReadiness?: (r: string) => void) => {
    const dataDir = path.join(work, `instancia-${n}`);
    fs.mkdirSync(dataDir);
    const s = await startServer({
      dataDir,
      databaseUrl: o.databaseUrl,
      ...(onReadiness ? { onReadiness } : {}),
      env: {
        STORAGE_URL: pathToFileURL(store).href,
        CPF_KEY,
        QR_SECRET,
        PUSH_ALLOW_LOOPBACK: 'true',
        WEBHOOK_ESPERA_MS: '500',
        EXPORTACAO_IMEDIATA_MAX: '1000',
      },
    });
    servers.push(s);
    return s;
  };
  const figures: Figure[] = [];
  try {
    o.log('  cluster: três instâncias…');
    const three = await Promise.all([0, 1, 2].map((n) => start(n)));
    const partner = await login(three[0]!.url, 'parceiro', t.partner.email, t.password);
    const day = await saleDay(db, t.partner.idCampanha);
    const run = `K${Date.now().toString(36)}`;

    // 1. One, two, three instances.
    for (const k of [1, 2, 3]) {
      const live = three.slice(0, k);
      await sell(() => live, partner.authorization, t, day, `${run}w${k}`, {
        seconds: 1,
        connections: o.connections,
      });
      const m = await cpuOf(
        db,
        live.map((s) => s.pid),
        () => sell(() => live, partner.authorization, t, day, `${run}x${k}`, o),
      );
      const l = m.value;
      const sorted = [...l.latencies].sort((a, b) => a - b);
      const ledger = await checkLedger(db, t, day, `${run}x${k}-`, l.answered);
      const perSale = (s: number) => `${Math.round((s / Math.max(l.ok, 1)) * 1e6)} µs`;
      const cpu = `CPU used: ${m.instances.map((s, i) => `instance ${i + 1} ${s1(s)}`).join(', ')}, PostgreSQL ${s1(m.postgres)}, load generator ${s1(m.harness)} (a sale: instances ${perSale(m.instances.reduce((a, b) => a + b, 0))}, PostgreSQL ${perSale(m.postgres)}, load generator ${perSale(m.harness)})`;
      o.log(
        `  cluster ×${k}: ${Math.round(l.ok / l.seconds)} vendas/s, p99 ${pct(sorted, 99).toFixed(0)} ms; ${cpu}`,
      );
      figures.push(
        {
          bench: 'cluster',
          name: `cluster ×${k}: sales/s`,
          value: l.ok / l.seconds,
          unit: '/s',
          target: null,
          reference: `${l.ok.toLocaleString('en-US')} sales in ${l.seconds.toFixed(1)} s, ${o.connections} at once; SQL check ${ledger.problems.length ? `FAILED: ${ledger.problems.join('; ')}` : 'OK'}; ${JSON.stringify(l.statuses)}`,
          details: { statuses: l.statuses, ledger: ledger.problems, cpu: m },
        },
        {
          bench: 'cluster',
          name: `cluster ×${k}: sale p99`,
          value: pct(sorted, 99),
          unit: 'ms',
          target: null,
          reference: `p50 ${pct(sorted, 50).toFixed(1)} ms; ${cpu}`,
          details: { p50: pct(sorted, 50), cpu: m },
        },
      );
    }

    // 2. The mixed run on three, one killed half way.
    const hook = await receiver();
    const admin = await login(three[0]!.url, 'admin', t.admin.email, t.password);
    const hooked = await fetch(`${three[0]!.url}/v1/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: partner.authorization },
      body: JSON.stringify({
        url: hook.url,
        eventos: ['venda.criada'],
        id_estabelecimento: t.partner.idEstabelecimento,
      }),
    });
    if (hooked.status !== 201) throw new Error(`webhook: ${hooked.status} ${await hooked.text()}`);
    const { id_webhook } = (await hooked.json()) as { id_webhook: number };
    try {
      const window = await exportWindow(db, t.codCidade, o.exportRows);
      const live = [...three];
      const doomed = three[1]!;
      let killedAt = 0;
      let replacement: Promise<{ server: RunningServer; readiness: string[]; readyMs: number }> | undefined;
      const asked = await fetch(
        `${three[0]!.url}/v1/adm/vendas?cod_cidade=${t.codCidade}&de=${window.de}&ate=${window.ate}&formato=csv`,
        { headers: { authorization: admin.authorization } },
      );
      if (asked.status !== 202) throw new Error(`exportação: ${asked.status} ${await asked.text()}`);
      const { id_exportacao } = (await asked.json()) as { id_exportacao: number };
      const exportAsked = performance.now();
      const m = await cpuOf(
        db,
        three.map((s) => s.pid),
        () =>
          sell(
            () => live,
            partner.authorization,
            t,
            day,
            `${run}m`,
            o,
            (elapsed) => {
              if (killedAt || elapsed < (o.seconds * 1000) / 2) return;
              killedAt = elapsed;
              live.splice(live.indexOf(doomed), 1);
              doomed.child.kill('SIGKILL');
              o.log(`  cluster: instância ${doomed.pid} morta (SIGKILL) em ${(elapsed / 1000).toFixed(1)} s`);
              replacement = startWatched(start, 3).then((r) => {
                live.push(r.server);
                return r;
              });
            },
          ),
      );
      const l = m.value;
      const fresh = await replacement!;
      const sorted = [...l.latencies].sort((a, b) => a - b);

      // Every job done on the survivors: the export, every delivery.
      const deadline = Date.now() + 600_000;
      let exp: { situacao: string; linhas: number; arquivo: string | null } | undefined;
      let readyMs = 0;
      for (;;) {
        [exp] = await db.all<{ situacao: string; linhas: number; arquivo: string | null }>(
          'select situacao, linhas, arquivo from exportacoes where id_exportacao = ?',
          [id_exportacao],
        );
        if (exp?.situacao === 'pronta' && !readyMs) readyMs = performance.now() - exportAsked;
        const [d] = await db.all<{ pendentes: number | string }>(
          `select count(*) filter (where situacao <> 'entregue') as pendentes from webhook_entregas where id_webhook = ?`,
          [id_webhook],
        );
        const [j] = await db.all<{ n: number | string }>(
          `select count(*) as n from pgboss.job where state in ('active', 'retry') or (state = 'created' and start_after <= now())`,
        );
        if (exp?.situacao === 'pronta' && Number(d?.pendentes) === 0 && Number(j?.n) === 0) break;
        if (exp?.situacao === 'falha' || Date.now() > deadline)
          throw new Error(`cluster: trabalhos não terminaram (${JSON.stringify({ exp, d, j })})`);
        await new Promise((r) => setTimeout(r, 500));
      }
      const drainedS = (performance.now() - exportAsked) / 1000 - l.seconds;
      const [failedJobs] = await db.all<{ n: number | string }>(
        `select count(*) as n from pgboss.job where state = 'failed'`,
      );
      const [retried] = await db.all<{ n: number | string }>(
        `select count(*) as n from pgboss.job where retry_count > 0 and created_on >= now() - interval '1 hour'`,
      );

      // The export, the same and whole from every live instance.
      const stored = fs.readFileSync(path.join(store, 'exportacoes', exp!.arquivo!));
      const digest = createHash('sha256').update(stored).digest('hex');
      const lines = stored
        .toString('utf8')
        .split('\r\n')
        .filter((x) => x !== '').length;
      const downloads: string[] = [];
      for (const s of live) {
        const res = await fetch(`${s.url}/v1/adm/exportacoes/${id_exportacao}/arquivo`, {
          headers: { authorization: admin.authorization },
        });
        const body = Buffer.from(await res.arrayBuffer());
        downloads.push(
          res.status === 200 && createHash('sha256').update(body).digest('hex') === digest
            ? 'igual'
            : `${res.status}`,
        );
      }

      // Every event at least once, repeats by their id.
      const events = await db.all<{ corpo: string }>(
        'select corpo from webhook_entregas where id_webhook = ?',
        [id_webhook],
      );
      const ids = new Set(events.map((e) => (JSON.parse(e.corpo) as { id: string }).id));
      const got = new Set(hook.ids);
      const lost = [...ids].filter((id) => !got.has(id)).length;
      const repeats = hook.ids.length - got.size;

      const ledger = await checkLedger(db, t, day, `${run}m-`, l.answered);
      const problems = [
        ...ledger.problems,
        ...(lost ? [`${lost} webhook events never received`] : []),
        ...(Number(failedJobs?.n) ? [`${failedJobs?.n} failed jobs`] : []),
        ...(downloads.every((d) => d === 'igual') ? [] : [`export downloads: ${downloads.join(', ')}`]),
        ...(lines === Number(exp!.linhas) + 1
          ? []
          : [`export file has ${lines} lines for ${exp!.linhas} rows`]),
      ];
      const cpu = `CPU used: ${m.instances.map((s, i) => `instance ${i + 1} ${s1(s)}`).join(', ')}, PostgreSQL ${s1(m.postgres)}, load generator ${s1(m.harness)}`;
      o.log(
        `  cluster misto: ${JSON.stringify({ problems, statuses: l.statuses, lines, downloads, repeats })}`,
      );
      figures.push(
        {
          bench: 'cluster',
          name: 'cluster ×3 with a SIGKILL: what was lost',
          value: problems.length,
          unit: '',
          target: { op: '<=', value: 0 },
          reference: problems.length
            ? problems.join('; ')
            : `every 201 stored with its coupons, numbers gapless, totals exact; ${ids.size.toLocaleString('en-US')} webhook events all received (${repeats} repeats, told apart by id); ${Number(retried?.n)} jobs retried; none failed`,
          details: { problems, statuses: l.statuses, repeats, events: ids.size, retried: Number(retried?.n) },
        },
        {
          bench: 'cluster',
          name: 'cluster ×3 with a SIGKILL: sales/s',
          value: l.ok / l.seconds,
          unit: '/s',
          target: null,
          reference: `${l.ok.toLocaleString('en-US')} sales in ${l.seconds.toFixed(1)} s while the export ran and the webhooks went out; killed at ${(killedAt / 1000).toFixed(1)} s; refused by the dying instance: ${
            Object.entries(l.statuses)
              .filter(([k]) => k !== '201')
              .map(([k, v]) => `${k} ${v}`)
              .join(', ') || 'none'
          }; p99 ${pct(sorted, 99).toFixed(0)} ms; ${cpu}`,
          details: { statuses: l.statuses, p99: pct(sorted, 99), cpu: m },
        },
        {
          bench: 'cluster',
          name: `cluster: export of ${Number(exp!.linhas).toLocaleString('en-US')} rows, time to the file`,
          value: readyMs / 1000,
          unit: 's',
          target: null,
          reference: `asked of one instance, downloaded from ${downloads.length} (${downloads.join(', ')}), ${(stored.length / 2 ** 20).toFixed(1)} MB; the deliveries drained ${drainedS.toFixed(0)} s after the load`,
        },
        {
          bench: 'cluster',
          name: 'cluster: the replacement ready after its start',
          value: fresh.readyMs / 1000,
          unit: 's',
          target: null,
          reference: `readiness (/health): ${fresh.readiness.join(' → ')}`,
        },
      );
    } finally {
      await fetch(`${live0(servers)}/v1/webhooks/${id_webhook}`, {
        method: 'DELETE',
        headers: { authorization: partner.authorization },
      }).catch(() => undefined);
      await hook.close();
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    fs.rmSync(work, { recursive: true, force: true });
  }
  return figures;
}

/** A live instance's address (one not killed). */
const live0 = (servers: RunningServer[]) =>
  servers.find((s) => s.child.exitCode === null && s.child.signalCode === null)?.url ?? '';

/**
 * A replacement instance, started as an orchestrator would, with what its readiness answered
 * meanwhile ('recusada' while it did not listen). Readiness is `/health` until issue 54's
 * `/health/pronto` lands (another branch).
 */
async function startWatched(
  start: (n: number, onReadiness: (r: string) => void) => Promise<RunningServer>,
  n: number,
): Promise<{ server: RunningServer; readiness: string[]; readyMs: number }> {
  const t0 = performance.now();
  const readiness: string[] = [];
  const server = await start(n, (r) => {
    if (readiness.at(-1) !== r) readiness.push(r);
  });
  return { server, readiness, readyMs: performance.now() - t0 };
}

/** The last days of the city's sales that hold at least `rows` of them (or all of them). */
async function exportWindow(
  db: BenchDb,
  codCidade: number,
  rows: number,
): Promise<{ de: string; ate: string }> {
  const days = await db.all<{ dia: string; n: number | string }>(
    `select v.dat_venda as dia, count(*) as n from vendas v join estabelecimentos e on e.id_estabelecimento = v.id_estabelecimento
     where e.cod_cidade = ? and v.excluida_em is null group by v.dat_venda order by v.dat_venda desc`,
    [codCidade],
  );
  let total = 0;
  let de = days[0]?.dia ?? '2000-01-01';
  for (const d of days) {
    total += Number(d.n);
    de = d.dia;
    if (total >= rows) break;
  }
  return { de: String(de).slice(0, 10), ate: String(days[0]?.dia ?? de).slice(0, 10) };
}

/** A webhook receiver on 127.0.0.1: every event's id, in arrival order (repeats included). */
async function receiver(): Promise<{ url: string; ids: string[]; close(): Promise<void> }> {
  const ids: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        ids.push((JSON.parse(Buffer.concat(chunks).toString()) as { id: string }).id);
      } catch {
        // not an event
      }
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/praca-${randomBytes(4).toString('hex')}`,
    ids,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
