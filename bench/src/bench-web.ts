import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { login } from './bench-http.js';
import type { BenchTarget } from './bench-target.js';
import type { Figure } from './report.js';
import { WEB_DIST, type RunningServer } from './server.js';

export interface WebOptions {
  /** Run Lighthouse (slow: ~20 s per page); the size figure is always taken. */
  lighthouse: boolean;
  /** Lighthouse runs per page (default 1); the figure is the median run. */
  runs?: number;
  chromePath: string;
}

const gz = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** Static `import … from "./x.js"` / `import "./x.js"` of a built chunk (not `import()`). */
function staticImports(code: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'`](\.\/[^"'`]+)["'`]/g;
  for (let m = re.exec(code); m; m = re.exec(code)) out.push(m[1]!);
  return out;
}

/** `file` and every chunk it imports statically, transitively, added to `seen`. */
export function staticClosure(assets: string, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || !file.endsWith('.js')) return seen;
  seen.add(file);
  for (const dep of staticImports(fs.readFileSync(path.join(assets, file), 'utf8')))
    staticClosure(assets, path.basename(dep), seen);
  return seen;
}

export interface HomeBundle {
  entry: string;
  homeChunk: string | null;
  files: { file: string; bytes: number; gzip: number }[];
  gzipTotal: number;
  split: { file: string; gzip: number; inHome: boolean }[];
}

/**
 * The JavaScript a consumer's browser loads for `/`: index.html's entry with its modulepreloads
 * and static imports, plus the lazily loaded index route (the consumer home) and its deps.
 */
export function homeBundle(dist = WEB_DIST): HomeBundle {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const assets = path.join(dist, 'assets');
  const entryRef = /<script[^>]+type="module"[^>]+src="[^"]*?\/?assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entryRef) throw new Error('index.html sem <script type="module" src=…>');
  const seen = new Set<string>();
  const visit = (file: string) => staticClosure(assets, file, seen);
  visit(entryRef);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="[^"]*?assets\/([^"]+\.js)"/g))
    visit(m[1]!);
  // The router's index route: {index:!0,lazy:()=>H(()=>import(`./home-….js`),__vite__mapDeps([…]))}
  const entryCode = fs.readFileSync(path.join(assets, entryRef), 'utf8');
  const deps =
    /m\.f=\[([^\]]*)\]/
      .exec(entryCode)?.[1]
      ?.match(/"[^"]+"|`[^`]+`/g)
      ?.map((s) => s.slice(1, -1)) ?? [];
  const index =
    /index:!0,lazy:\(\)=>\w+\(\(\)=>import\([`"']\.\/([^`"']+)[`"']\)(?:,__vite__mapDeps\(\[([\d,]*)\]\))?/.exec(
      entryCode,
    );
  const homeChunk = index?.[1] ?? null;
  if (homeChunk) {
    visit(homeChunk);
    for (const i of (index?.[2] ?? '').split(',').filter(Boolean)) {
      const dep = deps[Number(i)];
      if (dep) visit(path.basename(dep));
    }
  }
  const files = [...seen].map((file) => {
    const full = path.join(assets, file);
    return { file, bytes: fs.statSync(full).size, gzip: gz(full) };
  });
  const split = fs
    .readdirSync(assets)
    .filter(
      // Vite names a chunk `<name>-<8-character hash>.js`: match the name only, so that a hash
      // such as `mAPnL8Z_` is no map.
      (f) =>
        f.endsWith('.js') &&
        /admin|adm-|mapa|map|leaflet|qr|chart|scanner|painel|dashboard/i.test(
          f.replace(/-[\w-]{8}\.js$/, ''),
        ),
    )
    .map((file) => ({ file, gzip: gz(path.join(assets, file)), inHome: seen.has(file) }));
  return { entry: entryRef, homeChunk, files, gzipTotal: files.reduce((a, f) => a + f.gzip, 0), split };
}

interface LighthouseScore {
  url: string;
  score: number;
  metrics: Record<string, number | undefined>;
  /** Every run's score, in the order they ran (the figure is their median). */
  runs?: number[];
  /** Why Lighthouse could not measure this run. */
  error?: string;
  /** The errors of the runs, as `run number: code`. */
  errors?: string[];
}

/**
 * The median run of a page (by score; the lower middle one for an even count), with every
 * run's score: one Lighthouse run on a shared 2-core machine moves by several points between
 * identical loads, and Lighthouse's own advice is the median of several
 * (lighthouse/docs/variability.md).
 */
export function medianRun(runs: LighthouseScore[]): LighthouseScore {
  if (runs.length === 0) throw new Error('nenhuma execução do Lighthouse');
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  const errors = runs.flatMap((r, i) => (r.error ? [`${i + 1}: ${r.error}`] : []));
  return {
    ...sorted[Math.floor((sorted.length - 1) / 2)]!,
    runs: runs.map((r) => r.score),
    ...(errors.length ? { errors } : {}),
  };
}

/** Lighthouse (mobile preset, the default config) on Debian's Chromium; `/` with a stored session. */
async function lighthouseScores(
  server: RunningServer,
  t: BenchTarget,
  o: WebOptions,
): Promise<LighthouseScore[]> {
  // chrome-launcher reports a missing binary as an 'error' event nobody can catch, which ends
  // the whole run: say it here instead, as this figure's reason.
  try {
    fs.accessSync(o.chromePath, fs.constants.X_OK);
  } catch {
    throw new Error(
      `Chromium not found at ${o.chromePath} (install it with bash scripts/test-prereqs.sh, or set CHROME_PATH)`,
    );
  }
  const { launch } = await import('chrome-launcher');
  const lighthouse = (await import('lighthouse')).default;
  const puppeteer = (await import('puppeteer-core')).default;
  const chrome = await launch({
    chromePath: o.chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    logLevel: 'silent',
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    try {
      const page = await browser.newPage();
      const byRoute = new Map<string, LighthouseScore[]>();
      const runs = Math.max(1, o.runs ?? 1);
      for (let run = 1; run <= runs; run++) {
        for (const route of ['/login', '/']) {
          await page.goto(`${server.url}/login`, { waitUntil: 'load' });
          // The login page clears the stored session when its route starts, which the app does
          // in a task after 'load' (decision 023): wait for its form, or that could clear the
          // session written below.
          await page.waitForSelector('form');
          // A new session each time: nothing a run does can end the next one's.
          const session =
            route === '/' ? await login(server.url, 'consumidor', t.consumer.email, t.password) : null;
          // A string runs in the page (the bench's tsconfig has no DOM types).
          await page.evaluate(
            session
              ? `localStorage.setItem('praca.sessao', ${JSON.stringify(JSON.stringify(session.raw))});
               localStorage.setItem('praca.id_usuario', ${JSON.stringify(String(session.id_usuario))});`
              : 'localStorage.clear()',
          );
          const result = await lighthouse(
            server.url + route,
            { logLevel: 'error', output: 'json', onlyCategories: ['performance'], disableStorageReset: true },
            undefined,
            page,
          );
          const lhr = result?.lhr;
          if (!lhr) throw new Error(`lighthouse ${route}: sem resultado`);
          // BENCH_LH_DUMP=<folder>: keep each whole report (LCP element, its phases, long tasks).
          const dump = process.env.BENCH_LH_DUMP;
          if (dump) {
            fs.mkdirSync(dump, { recursive: true });
            fs.writeFileSync(
              path.join(dump, `${route === '/' ? 'home' : route.slice(1)}${runs > 1 ? `-${run}` : ''}.json`),
              JSON.stringify(lhr),
            );
          }
          const audit = (id: string) => lhr.audits[id]?.numericValue;
          const scores = byRoute.get(route) ?? [];
          byRoute.set(route, scores);
          scores.push({
            url: route,
            score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            metrics: {
              fcp: audit('first-contentful-paint'),
              lcp: audit('largest-contentful-paint'),
              tbt: audit('total-blocking-time'),
              cls: audit('cumulative-layout-shift'),
              si: audit('speed-index'),
            },
          });
          // A run Lighthouse could not measure scores 0: say why (e.g. NO_FCP).
          if (lhr.runtimeError) scores[scores.length - 1]!.error = lhr.runtimeError.code;
          if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.endsWith(route)) {
            scores[scores.length - 1]!.metrics.redirected = 1;
          }
        }
      }
      return [...byRoute.values()].map(medianRun);
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
  }
}

/**
 * The home's API reads (decision 042): the shops are the daily pick, no longer the whole list,
 * and the campaigns come without their shops.
 */
const HOME_READS = (cod: number) => [
  `/v1/estabelecimentos/vitrine?cod_cidade=${cod}`,
  `/v1/campanhas/resumo?cod_cidade=${cod}`,
  `/v1/campanhas/contemplados?cod_cidade=${cod}`,
  `/v1/avisos?cod_cidade=${cod}`,
];

/** Bytes on the wire of one GET as a browser asks it (brotli or gzip accepted), body only. */
function wireBytes(base: string, route: string): Promise<{ bytes: number; coding: string; status: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(base + route, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () =>
        resolve({
          bytes,
          coding: String(res.headers['content-encoding'] ?? 'identity'),
          status: res.statusCode ?? 0,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * The consumer home's API data, compressed as a phone receives it (issue 38: at most 60 kB at
 * state scale), beside what the city's whole shops list alone weighed (the home's read before
 * decision 042).
 */
async function homeApiBytes(server: RunningServer, t: BenchTarget): Promise<Figure> {
  const parts: string[] = [];
  let total = 0;
  for (const route of HOME_READS(t.codCidade)) {
    const r = await wireBytes(server.url, route);
    if (r.status !== 200) throw new Error(`${route}: ${r.status}`);
    total += r.bytes;
    parts.push(`${route.split('?')[0]} ${(r.bytes / 1024).toFixed(1)} kB ${r.coding}`);
  }
  const whole = await wireBytes(server.url, `/v1/estabelecimentos?cod_cidade=${t.codCidade}`);
  const campaigns = await wireBytes(server.url, `/v1/campanhas?cod_cidade=${t.codCidade}`);
  return {
    bench: 'web',
    name: 'consumer home API data (compressed)',
    value: total / 1024,
    unit: 'kB',
    target: { op: '<=', value: 60 },
    reference:
      `${parts.join(', ')}; before decision 042 the home read the whole shops list ` +
      `(${(whole.bytes / 1024).toFixed(1)} kB ${whole.coding}) and the campaigns with their shops ` +
      `(/v1/campanhas ${(campaigns.bytes / 1024).toFixed(1)} kB ${campaigns.coding})`,
    details: { parts, total, wholeShopsList: whole.bytes, campaignsWithShops: campaigns.bytes },
  };
}

/** Benchmark 5: the consumer home's JavaScript (gzip) and Lighthouse on /login and /. */
export async function benchWeb(
  server: RunningServer | null,
  t: BenchTarget | null,
  o: WebOptions,
): Promise<Figure[]> {
  const b = homeBundle();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  const figures: Figure[] = [
    {
      bench: 'web',
      name: 'consumer home JS (gzip)',
      value: b.gzipTotal / 1024,
      unit: 'kB',
      target: { op: '<=', value: 150 },
      reference: `${b.files.length} chunks (entry ${b.entry}, home ${b.homeChunk ?? '?'}); split off: ${
        b.split
          .filter((s) => !s.inHome && s.gzip >= 1024)
          .map((s) => `${s.file} ${kb(s.gzip)}`)
          .join(', ') || 'none found'
      }${
        b.split.some((s) => s.inHome)
          ? `; IN HOME: ${b.split
              .filter((s) => s.inHome)
              .map((s) => s.file)
              .join(', ')}`
          : ''
      }`,
      details: { ...b },
    },
  ];
  if (server && t) figures.push(await homeApiBytes(server, t));
  if (o.lighthouse && server && t) {
    try {
      for (const s of await lighthouseScores(server, t, o)) {
        figures.push({
          bench: 'web',
          name: `Lighthouse performance ${s.url} (mobile)`,
          value: s.score,
          unit: '',
          target: { op: '>=', value: 95 },
          reference: `${s.runs && s.runs.length > 1 ? `median of ${s.runs.length} (${s.runs.join(', ')}${s.errors ? `; errors ${s.errors.join(', ')}` : ''}); ` : ''}FCP ${Math.round(s.metrics.fcp ?? NaN)} ms, LCP ${Math.round(s.metrics.lcp ?? NaN)} ms, TBT ${Math.round(s.metrics.tbt ?? NaN)} ms, CLS ${(s.metrics.cls ?? NaN).toFixed(3)}${s.metrics.redirected ? ', REDIRECTED' : ''}`,
          details: s as unknown as Record<string, unknown>,
        });
      }
    } catch (e) {
      figures.push({
        bench: 'web',
        name: 'Lighthouse performance (mobile)',
        value: NaN,
        unit: '',
        target: { op: '>=', value: 95 },
        reference: `did not run: ${(e as Error).message.split('\n')[0]}`,
      });
    }
  }
  return figures;
}
