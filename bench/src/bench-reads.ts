import { cannon, okPerSecond, type CannonResult } from './bench-http.js';
import type { BenchTarget } from './bench-target.js';
import type { Figure } from './report.js';
import type { RunningServer } from './server.js';

export interface ReadsOptions {
  connections: number;
  /** Seconds per route, for the real route and again for the ceiling. */
  duration: number;
}

/**
 * What a phone's browser sends with every request: its answers come compressed when the server
 * offers it. Both the route and its ceiling get the same header, and the ceiling replays the
 * bytes the route gave for it.
 */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/** The consumers' hot reads, each side by side with the ceiling replaying its bytes. */
const READ_ROUTES = (cod: number) => [
  `/v1/estabelecimentos?cod_cidade=${cod}`,
  `/v1/campanhas?cod_cidade=${cod}`,
  `/v1/campanhas/contemplados?cod_cidade=${cod}`,
  `/v1/avisos?cod_cidade=${cod}`,
];

const brief = (r: CannonResult) => ({
  reqPerSec: okPerSecond(r),
  p50: r.latency.p50,
  p99: r.latency.p99,
  max: r.latency.max,
  total: r.requests.total,
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/** Slices of one side: req/s over the whole time; latencies as the median of the slices'. */
export function combine(runs: CannonResult[]): ReturnType<typeof brief> {
  const b = runs.map(brief);
  const seconds = runs.reduce((a, r) => a + r.duration, 0);
  return {
    reqPerSec: runs.reduce((a, r) => a + r['2xx'], 0) / seconds,
    p50: median(b.map((x) => x.p50)),
    p99: median(b.map((x) => x.p99)),
    max: Math.max(...b.map((x) => x.max)),
    total: b.reduce((a, x) => a + x.total, 0),
    non2xx: b.reduce((a, x) => a + x.non2xx, 0),
    errors: b.reduce((a, x) => a + x.errors, 0),
    timeouts: b.reduce((a, x) => a + x.timeouts, 0),
  };
}

/**
 * Benchmarks 1 and 6: req/s and p99 of each route against the ceiling, and the server's peak
 * resident memory (VmRSS sampled every 100 ms) while the load runs.
 */
export async function benchReads(server: RunningServer, t: BenchTarget, o: ReadsOptions): Promise<Figure[]> {
  const figures: Figure[] = [];
  let peak = server.rss();
  const before = peak;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rss());
  }, 100);
  try {
    for (const route of READ_ROUTES(t.codCidade)) {
      const cap = await fetch(`${server.url}/__bench/ceiling`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: route, headers: BROWSER }),
      });
      const captured = (await cap.json()) as { status: number; bytes: number; etag: string | null };
      if (!cap.ok || captured.status !== 200)
        throw new Error(`ceiling ${route}: ${cap.status} ${JSON.stringify(captured)}`);
      const ceilingUrl = `${server.url}/__bench/ceiling?path=${encodeURIComponent(route)}`;
      // A short warm-up of both, then the measured runs.
      const warm = Math.min(1, o.duration / 4);
      const load = (url: string, duration: number) =>
        cannon({ url, connections: o.connections, duration, headers: BROWSER });
      await load(server.url + route, warm);
      await load(ceilingUrl, warm);
      // Alternating slices (real, ceiling, real, ceiling…) so that load from elsewhere on the
      // machine hits both sides alike; ~2 s per slice.
      const slices = Math.max(1, Math.round(o.duration / 2));
      const realRuns: CannonResult[] = [];
      const ceilRuns: CannonResult[] = [];
      for (let i = 0; i < slices; i++) {
        const d = o.duration / slices;
        realRuns.push(await load(server.url + route, d));
        ceilRuns.push(await load(ceilingUrl, d));
      }
      const real = combine(realRuns);
      const ceil = combine(ceilRuns);
      const name = route.split('?')[0]!;
      const ratio = real.reqPerSec / ceil.reqPerSec;
      const details = { route, bytes: captured.bytes, etag: captured.etag !== null, real, ceiling: ceil };
      figures.push({
        bench: 'reads',
        name: `${name} req/s ÷ ceiling`,
        value: ratio,
        unit: '',
        target: { op: '>=', value: 0.8 },
        reference: `${Math.round(real.reqPerSec).toLocaleString('en-US')} vs ceiling ${Math.round(ceil.reqPerSec).toLocaleString('en-US')} req/s; ${captured.bytes.toLocaleString('en-US')} B${captured.etag ? ', ETag' : ', no ETag'}`,
        details,
      });
      figures.push({
        bench: 'reads',
        name: `${name} p99`,
        value: real.p99,
        unit: 'ms',
        target: { op: '<', value: 25 },
        reference: `ceiling p99 ${ceil.p99} ms; ${o.connections} conn, ${o.duration} s in ${slices} alternating slices${real.non2xx || real.errors ? `; non-2xx ${real.non2xx}, errors ${real.errors}` : ''}`,
      });
    }
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, server.rss());
  figures.push({
    bench: 'memory',
    name: 'server VmRSS peak under the read load',
    value: peak / 1024 ** 2,
    unit: 'MB',
    target: { op: '<', value: 300 },
    reference: `${(before / 1024 ** 2).toFixed(0)} MB before the load`,
    details: { peakBytes: peak, beforeBytes: before },
  });
  return figures;
}
