import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

/** The subset of autocannon 9's API the benchmarks use (the package ships no types). */
interface CannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: CannonRequest, context: Record<string, unknown>) => CannonRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}
export interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: CannonRequest[];
  pipelining?: number;
  timeout?: number;
}
interface Histogram {
  average: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  total: number;
}
export interface CannonResult {
  requests: Histogram & { sent: number };
  latency: Histogram;
  throughput: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  '4xx': number;
  '5xx': number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (opts: CannonOptions, cb: (err: Error | null, result: CannonResult) => void) => unknown;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/**
 * autocannon 9 appends every chunk of every answer to a string (`PipelinedRequestsQueue.addBody`),
 * a UTF-8 decoding of each byte that only `onResponse` and body checks read. For the city's
 * 88 kB shops list that cost the load generator ~1 ms an answer: it capped the route at ~800
 * req/s, at 100 % CPU, while the server sat at 12 % (the p99 measured autocannon, not the
 * server). A run whose requests read no body keeps the byte counts and drops the string.
 */
const bodyQueue = (
  createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as {
    prototype: { addBody: (data: Buffer) => void };
  }
).prototype;
const keepBody = bodyQueue.addBody;
let bodiless = 0;

export function cannon(opts: CannonOptions): Promise<CannonResult> {
  const readsBodies = !!opts.requests?.some((r) => r.onResponse);
  if (!readsBodies && bodiless++ === 0) bodyQueue.addBody = () => {};
  return new Promise<CannonResult>((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  }).finally(() => {
    if (!readsBodies && --bodiless === 0) bodyQueue.addBody = keepBody;
  });
}

/** Requests per second actually answered (2xx) over the run. */
export function okPerSecond(r: CannonResult): number {
  return r['2xx'] / Math.max(r.duration, 1e-9);
}

/** The password as the web client sends it: SHA-256 hex. */
const clientPassword = (plain: string) => createHash('sha256').update(plain).digest('hex');

export interface Session {
  token: string;
  id_usuario: number;
  cod_cidade: number;
  authorization: string;
  raw: Record<string, unknown>;
}

const DOORS = { consumidor: '/v1/login', parceiro: '/v1/parceiro/login', admin: '/v1/adm/usuarios/login' };

export async function login(
  base: string,
  door: keyof typeof DOORS,
  email: string,
  password: string,
): Promise<Session> {
  const res = await fetch(base + DOORS[door], {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, senha: clientPassword(password) }),
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`login ${door} ${email}: ${res.status} ${JSON.stringify(body)}`);
  const token = String(body.token);
  return {
    token,
    id_usuario: Number(body.id_usuario),
    cod_cidade: Number(body.cod_cidade),
    authorization: `Bearer ${token}`,
    raw: body,
  };
}

export interface Timing {
  samples: number[];
  median: number;
  p95: number;
  min: number;
  max: number;
  status: number;
  bytes: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function summarise(samples: number[]): Omit<Timing, 'status' | 'bytes'> {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    samples,
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    min: sorted[0] ?? NaN,
    max: sorted[sorted.length - 1] ?? NaN,
  };
}

/**
 * `runs` sequential GETs after `warmup` unmeasured ones; wall-clock ms per full answer. A slow
 * page stops early once `budgetMs` is spent (with at least 3 samples), so a miss cannot stall
 * the run.
 */
export async function timeGets(
  url: string,
  headers: Record<string, string>,
  runs: number,
  warmup = 3,
  budgetMs = 20_000,
): Promise<Timing> {
  const samples: number[] = [];
  let status = 0;
  let bytes = 0;
  const start = performance.now();
  let warm = warmup;
  for (let i = 0; i < warm + runs; i++) {
    if (samples.length >= 3 && performance.now() - start > budgetMs) break;
    const t0 = performance.now();
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(120_000) });
    const body = await res.arrayBuffer();
    const ms = performance.now() - t0;
    status = res.status;
    bytes = body.byteLength;
    if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${Buffer.from(body).toString().slice(0, 300)}`);
    if (i === 0 && ms > 1000) warm = 1; // a page this slow needs no more warming up
    if (i >= warm) samples.push(ms);
  }
  return { ...summarise(samples), status, bytes };
}
