import { randomBytes, createHash } from 'node:crypto';
import { CUF_POR_UF, digitoChave } from '@praca/contract';
import { backendCpu, backendCpuSince, type BenchDb } from './bench-db.js';
import { login } from './bench-http.js';
import { saleDay } from './bench-sales.js';
import type { BenchTarget } from './bench-target.js';
import type { Figure } from './report.js';
import { cpuSecondsOfTree, type RunningServer } from './server.js';

/**
 * Issue 53: fiscal receipts checked and matched. For one run, a CNPJ of the partner's shop
 * (written to `estabelecimento_cnpjs`) and `count` NFC-e keys of it, of the city's state and the
 * sale day's month, each with its check digit; `count` sales reported with those keys through
 * the sale path (`POST /v1/parceiro/vendas`, each to its resident; the key also written on the
 * row, as the sale path stores it once issue 53's report lands), then the measured part:
 * `count` `POST /v1/recibos`, each resident sending the QR code of their own sale's receipt,
 * `connections` at a time. Every answer must be 201 `creditado`, and the database must hold
 * `count` credited receipts and as many sales confirmed by them. Figures: receipts a second,
 * p50 and p99 a request, the server's CPU a receipt (and PostgreSQL's). The sales and receipts
 * stay in the database (as the sales benchmark's do).
 */

export interface RecibosOptions {
  count: number;
  connections: number;
}

const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');

/** `n` tasks, `width` at a time, in order of start. */
async function pool<T>(n: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out = new Array<T>(n);
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      out[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, n) }, worker));
  return out;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

export async function benchRecibos(
  server: RunningServer,
  db: BenchDb,
  t: BenchTarget,
  o: RecibosOptions,
): Promise<Figure[]> {
  const partner = await login(server.url, 'parceiro', t.partner.email, t.password);
  const [city] = await db.all<{ uf: string }>('select uf from cidades where cod_cidade = ?', [t.codCidade]);
  const cUF = CUF_POR_UF[(city?.uf ?? '').toUpperCase()];
  if (!cUF) throw new Error(`a cidade ${t.codCidade} não tem UF conhecida (${city?.uf})`);
  const day = await saleDay(db, t.partner.idCampanha);
  const run = Date.now().toString(36).toUpperCase();
  // A CNPJ for this run only (14 digits, unique by the instant), held by the partner's shop.
  const cnpj = `${Date.now()}`.slice(-12).padStart(12, '9') + String(Math.floor(Math.random() * 90) + 10);
  await db.run('insert into estabelecimento_cnpjs (cnpj, id_estabelecimento, criado_em) values (?, ?, ?)', [
    cnpj,
    t.partner.idEstabelecimento,
    new Date().toISOString(),
  ]);
  const warm = Math.min(50, Math.max(5, Math.round(o.count / 20)));
  const total = warm + o.count;
  const aamm = `${day.slice(2, 4)}${day.slice(5, 7)}`;
  const keys = Array.from({ length: total }, (_, i) => {
    const cNF = String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0');
    const head = `${cUF}${aamm}${cnpj}65001${String(i + 1).padStart(9, '0')}1${cNF}`;
    return `${head}${digitoChave(head)}`;
  });
  // One resident a receipt where the city has enough of them (the server's RECIBO_MAX_LOJA_DIA
  // is raised for the benchmarks, so that runs on the same day still pass it).
  const residents = keys.map((_, i) => t.consumerIds[i % t.consumerIds.length]!);
  const tokens = new Map<number, string>();
  const expira = new Date(Date.now() + 24 * 3_600_000).toISOString();
  for (const id of new Set(residents)) {
    const token = randomBytes(32).toString('base64url');
    await db.run('insert into sessoes (id_usuario, token_hash, expira_em, ip) values (?, ?, ?, ?)', [
      id,
      sha256Hex(token),
      expira,
      '127.0.0.1',
    ]);
    tokens.set(id, token);
  }

  // The shop's reports: one sale each, to the resident who will send its receipt.
  const reported = await pool(total, o.connections, async (i) => {
    const res = await fetch(`${server.url}/v1/parceiro/vendas`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: partner.authorization },
      body: JSON.stringify({
        id_campanha: t.partner.idCampanha,
        id_estabelecimento: t.partner.idEstabelecimento,
        id_usuario: residents[i],
        dat_venda: day,
        numero_venda: `R${run}-${i + 1}`,
        valor_venda: 10 + (i % 490),
        id_vendedor: 99,
        chave_nfce: keys[i],
      }),
    });
    const body = (await res.json()) as { venda?: { id_venda: number }; erro?: string };
    if (res.status !== 201 || !body.venda)
      throw new Error(`venda ${i + 1}: ${res.status} ${JSON.stringify(body)}`);
    return body.venda.id_venda;
  });
  for (let i = 0; i < total; i++)
    await db.run('update vendas set chave_nfce = ? where id_venda = ? and chave_nfce is null', [
      keys[i],
      reported[i],
    ]);

  const qr = (chave: string) =>
    `https://www.sefaz.exemplo/nfce/qrcode?p=${chave}|2|1|1|${sha256Hex(chave).slice(0, 40)}`;
  const send = async (i: number) => {
    const t0 = performance.now();
    const res = await fetch(`${server.url}/v1/recibos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.get(residents[i]!)}` },
      body: JSON.stringify({ qrcode: qr(keys[i]!) }),
    });
    const body = (await res.json()) as { status?: string; erro?: string };
    return { ms: performance.now() - t0, status: res.status, recibo: body.status ?? body.erro ?? '' };
  };
  // A short warm-up (its receipts outside the figures), then the measured receipts.
  await pool(warm, o.connections, (i) => send(i));
  const cpuBefore = cpuSecondsOfTree(server.pid);
  const pgBefore = await backendCpu(db);
  const t0 = performance.now();
  const answers = await pool(o.count, o.connections, (i) => send(warm + i));
  const seconds = (performance.now() - t0) / 1000;
  const cpuUs = ((cpuSecondsOfTree(server.pid) - cpuBefore) / o.count) * 1e6;
  const pgUs = (backendCpuSince(pgBefore, await backendCpu(db)) / o.count) * 1e6;

  const credited = answers.filter((a) => a.status === 201 && a.recibo === 'creditado').length;
  const firstOther = answers.find((a) => a.status !== 201 || a.recibo !== 'creditado');
  const measured = keys.slice(warm);
  const placeholders = measured.map(() => '?').join(', ');
  const [stored] = await db.all<{ n: number | string }>(
    `select count(*) as n from recibos where status = 'creditado' and chave in (${placeholders})`,
    measured,
  );
  const [confirmed] = await db.all<{ n: number | string }>(
    `select count(*) as n from vendas where recibo_confirmado_em is not null and chave_nfce in (${placeholders})`,
    measured,
  );
  const verified = credited === o.count && Number(stored?.n) === o.count && Number(confirmed?.n) === o.count;
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  const us = (x: number) => (Number.isFinite(x) ? `${Math.round(x)} µs` : 'n/a');
  return [
    {
      bench: 'recibos',
      name: `receipts checked and matched/s (POST /v1/recibos, ${db.dialect})`,
      value: verified ? o.count / seconds : NaN,
      unit: '/s',
      target: null,
      reference: `${o.count.toLocaleString('en-US')} receipts of reported sales in ${seconds.toFixed(1)} s, ${o.connections} at a time; ${credited} answered creditado; SQL check ${verified ? 'OK' : 'FAILED'} (${stored?.n} credited receipts, ${confirmed?.n} confirmed sales)${firstOther ? `; first other answer: ${firstOther.status} ${firstOther.recibo}` : ''}`,
      details: {
        credited,
        stored: Number(stored?.n),
        confirmed: Number(confirmed?.n),
        verified,
        run,
        cnpj,
        day,
      },
    },
    {
      bench: 'recibos',
      name: 'receipt p50',
      value: percentile(ms, 50),
      unit: 'ms',
      target: null,
      reference: `one request: the key read and checked, the shop by its CNPJ, the attempt logged, the resident's lock, the cap, the key's lock, the match and the sale confirmed`,
    },
    {
      bench: 'recibos',
      name: 'receipt p99',
      value: percentile(ms, 99),
      unit: 'ms',
      target: null,
      reference: `max ${Math.round(ms[ms.length - 1] ?? NaN)} ms; CPU a receipt: server ${us(cpuUs)}${Number.isFinite(pgUs) ? `, PostgreSQL ${us(pgUs)}` : ''}`,
      details: {
        cpuPerReceiptUs: Number.isFinite(cpuUs) ? cpuUs : null,
        pgCpuPerReceiptUs: Number.isFinite(pgUs) ? pgUs : null,
      },
    },
  ];
}
