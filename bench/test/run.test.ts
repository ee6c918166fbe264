import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { homeBundle, medianRun, staticClosure } from '../src/bench-web.js';
import { DEFAULTS, runBench, type BenchRun } from '../src/run.js';
import { WEB_DIST, ensureBuilt } from '../src/server.js';

/**
 * One short pass of every benchmark at tiny scale (SQLite, generated into a temp dir), so the
 * harness cannot rot: each benchmark must produce its figures (numbers > 0, a p99 ≥ 0) and the
 * JSON must be written. The targets are not asserted here: `npm run bench` is where they are
 * judged. Lighthouse is left out (a minute on its own); the web size figure runs.
 */
describe('npm run bench (tiny scale, one short pass)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-bench-run-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('produces every figure and writes the JSON', { timeout: 120_000 }, async () => {
    const lines: string[] = [];
    const run: BenchRun = await runBench({
      scale: 'tiny',
      dataDir: path.join(dir, 'data'),
      resultsDir: path.join(dir, 'results'),
      readSeconds: 1,
      readConnections: 10,
      salesSeconds: 1,
      salesConnections: 5,
      salesLimits: true,
      drawRuns: 2,
      adminRuns: 3,
      rushResidents: 20,
      rushRate: 20,
      recibos: 20,
      lighthouse: false,
      log: (l) => lines.push(l),
    });
    expect(run.errors, lines.join('\n')).toEqual([]);
    for (const bench of ['reads', 'sales', 'draw', 'admin', 'web', 'memory', 'exports', 'recibos'] as const) {
      const figs = run.figures.filter((f) => f.bench === bench);
      expect(figs.length, bench).toBeGreaterThan(0);
      for (const f of figs) {
        // autocannon's latencies are whole milliseconds: a fast host answers the tiny city's
        // requests with a p99 under 1 ms, which it gives as 0.
        const p99 = f.unit === 'ms' && f.name.endsWith(' p99');
        expect(Number.isFinite(f.value), `${bench}: ${f.name}`).toBe(true);
        if (p99) expect(f.value, `${bench}: ${f.name}`).toBeGreaterThanOrEqual(0);
        else expect(f.value, `${bench}: ${f.name}`).toBeGreaterThan(0);
      }
    }
    // The apuração through the API as a client runs it since issue 49 (the calendar's next
    // contest, the result by two people): both figures, three winners, nothing left agendada.
    const apuracao = run.figures.filter((f) => f.name.startsWith('apuração: '));
    expect(apuracao.map((f) => f.name.replace(/ \(campaign \d+\)$/, ''))).toEqual([
      'apuração: schedule and freeze',
      'apuração: result from the five prizes',
    ]);
    expect(apuracao[1]?.details?.winners).toBe(3);
    // Four routes, each as a ratio to its ceiling and a p99.
    expect(run.figures.filter((f) => f.bench === 'reads')).toHaveLength(8);
    const sales = run.figures.find((f) => f.bench === 'sales' && f.unit === '/s');
    expect(sales?.details?.verified).toBe(true);
    const p99 = run.figures.find((f) => f.bench === 'sales' && f.name === 'sale p99');
    expect(p99?.details?.cpuPerSaleUs).toBeGreaterThan(0);
    expect(p99?.reference).toMatch(/CPU a sale: server \d+ µs/);
    expect(p99?.reference).toMatch(/load generator \d+ µs/);
    // Issue 53: every receipt of a reported sale answered creditado, and the database agrees.
    const recibos = run.figures.find((f) => f.bench === 'recibos' && f.unit === '/s');
    expect(recibos?.details?.verified, recibos?.reference).toBe(true);
    // The campaign limits side by side: every sale of both sides accepted.
    const limits = run.figures.find((f) => f.name === 'sales/s, campaign limits on ÷ off');
    expect(limits?.reference).toMatch(/with the 3 limits vs .* without/);
    expect(limits?.reference).not.toContain('non-2xx');

    expect(fs.existsSync(run.file)).toBe(true);
    expect(path.basename(run.file)).toMatch(/-sqlite-tiny\.json$/);
    const json = JSON.parse(fs.readFileSync(run.file, 'utf8'));
    expect(json.machine.cores).toBeGreaterThan(0);
    expect(json.machine.cpuCheckMs).toHaveLength(2);
    expect(json.figures).toHaveLength(run.figures.length);
    expect(run.table).toContain('| benchmark');
  });
});

describe('npm run bench without Chromium', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-bench-nochrome-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('says why Lighthouse did not run and keeps the other web figure', { timeout: 120_000 }, async () => {
    const run = await runBench({
      ...DEFAULTS,
      scale: 'tiny',
      only: ['web'],
      dataDir: path.join(dir, 'data'),
      resultsDir: path.join(dir, 'results'),
      lighthouse: true,
      lighthouseRuns: 1,
      chromePath: path.join(dir, 'sem-chromium'),
      log: () => {},
    });
    const lighthouse = run.figures.find((f) => f.name.startsWith('Lighthouse'));
    expect(lighthouse?.reference).toMatch(/^did not run: Chromium not found at .*sem-chromium/);
    expect(run.figures.find((f) => f.name === 'consumer home JS (gzip)')?.value).toBeGreaterThan(0);
  });
});

describe('the web build', () => {
  it('loads no zod on the consumer home nor on the login pages', () => {
    ensureBuilt(() => {});
    const assets = path.join(WEB_DIST, 'assets');
    const withZod = (files: Iterable<string>) =>
      [...files].filter((f) => fs.readFileSync(path.join(assets, f), 'utf8').includes('ZodError'));
    // The check itself finds zod where it is: the registration page validates with it.
    const all = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(withZod(all).length).toBeGreaterThan(0);
    expect(withZod(homeBundle().files.map((f) => f.file))).toEqual([]);
    const logins = all.filter((f) => /^(login|parceiro-login|admin-login)-[\w-]{8}\.js$/.test(f));
    expect(logins).toHaveLength(3);
    for (const login of logins) expect(withZod(staticClosure(assets, login)), login).toEqual([]);
  });

  it("carries React Router's production build, without its developer warnings", () => {
    ensureBuilt(() => {});
    const entry = fs.readFileSync(path.join(WEB_DIST, 'assets', homeBundle().entry), 'utf8');
    // The router is in the entry chunk (a message both of its builds have)...
    const has = (text: string) => entry.includes(text);
    expect(has('React Router caught the following error during render')).toBe(true);
    // ...and a warning only its development build keeps (ENABLE_DEV_WARNINGS) is not.
    expect(has('You rendered descendant <Routes>')).toBe(false);
  });

  it('styles every Mantine component it can render, and leaves out the ones it never uses', () => {
    ensureBuilt(() => {});
    const assets = path.join(WEB_DIST, 'assets');
    const read = (ext: string) =>
      fs
        .readdirSync(assets)
        .filter((f) => f.endsWith(ext))
        .map((f) => fs.readFileSync(path.join(assets, f), 'utf8'))
        .join('\n');
    // Mantine's hashed class names (m_ and 5 to 8 hex digits), as its own stylesheets define them.
    const classes = (text: string) => new Set(text.match(/\bm_[0-9a-f]{5,8}\b/g) ?? []);
    const fromWeb = createRequire(path.join(WEB_DIST, '..', 'package.json'));
    const mantine = classes(
      ['@mantine/core/styles.css', '@mantine/notifications/styles.css']
        .map((f) => fs.readFileSync(fromWeb.resolve(f), 'utf8'))
        .join('\n'),
    );
    const rendered = [...classes(read('.js'))].filter((c) => mantine.has(c));
    const styled = classes(read('.css'));
    // The check finds Mantine's classes in the built chunks: about 200 of them.
    expect(rendered.length).toBeGreaterThan(100);
    expect(rendered.filter((c) => !styled.has(c))).toEqual([]);
    // A component the app does not use (Stepper) has no rules in the build (decision 030).
    const stepper = classes(fs.readFileSync(fromWeb.resolve('@mantine/core/styles/Stepper.css'), 'utf8'));
    expect(stepper.size).toBeGreaterThan(3);
    expect([...stepper].filter((c) => styled.has(c))).toEqual([]);
  });

  it('lists each first page’s chunks for the server to preload with its HTML (decision 032)', () => {
    ensureBuilt(() => {});
    const assets = path.join(WEB_DIST, 'assets');
    const preloads = JSON.parse(
      fs.readFileSync(path.join(WEB_DIST, 'route-preloads.json'), 'utf8'),
    ) as Record<string, string[]>;
    const home = homeBundle();
    const initial = staticClosure(assets, home.entry);
    // The home: every chunk of the consumer home's JavaScript the entry does not already load.
    const homeOwn = home.files.map((f) => f.file).filter((f) => !initial.has(f));
    expect(homeOwn.length).toBeGreaterThan(3);
    expect(home.homeChunk).not.toBeNull();
    expect(preloads['/']).toEqual(expect.arrayContaining(homeOwn.map((f) => `assets/${f}`)));
    // The login pages: their route chunk and its static imports, nothing of the entry's.
    const logins = fs
      .readdirSync(assets)
      .filter((f) => /^(login|parceiro-login|admin-login)-[\w-]{8}\.js$/.test(f));
    for (const [route, prefix] of [
      ['/login', 'login-'],
      ['/parceiro/login', 'parceiro-login-'],
      ['/admin/login', 'admin-login-'],
    ] as const) {
      const chunk = logins.find((f) => f.startsWith(prefix))!;
      const own = [...staticClosure(assets, chunk)].filter((f) => !initial.has(f)).map((f) => `assets/${f}`);
      // Their JavaScript exactly; a stylesheet of theirs (the gov.br button's, issue 52) as well.
      const listed = preloads[route] ?? [];
      expect(listed.filter((f) => f.endsWith('.js')).sort(), route).toEqual(own.sort());
      for (const css of listed.filter((f) => !f.endsWith('.js'))) expect(css, route).toMatch(/\.css$/);
    }
    // Every file named is in the build.
    for (const file of Object.values(preloads).flat())
      expect(fs.existsSync(path.join(WEB_DIST, file)), file).toBe(true);
  });

  it('holds a placeholder’s pulse for a second, above Mantine’s own rule (decision 031)', () => {
    ensureBuilt(() => {});
    const assets = path.join(WEB_DIST, 'assets');
    const css = fs
      .readdirSync(assets)
      .filter((f) => f.endsWith('.css'))
      .map((f) => fs.readFileSync(path.join(assets, f), 'utf8'))
      .join('\n');
    // Mantine's pulse, on `.m_18320242:where([data-animate])::after`: one class of weight.
    expect(css).toMatch(/\.m_18320242:where\(\[data-animate\]\):after\{animation:/);
    // The app's delay weighs a class and an attribute, so it wins wherever it comes.
    expect(css).toMatch(/\.mantine-Skeleton-root\[data-animate\]:after\{animation-delay:1s\}/);
  });
});

describe('medianRun (the Lighthouse figure of several runs)', () => {
  const run = (score: number, tbt: number) => ({ url: '/', score, metrics: { tbt } });

  it('takes the middle run by score, with its own metrics, and keeps every score in run order', () => {
    expect(medianRun([run(91, 300), run(97, 120), run(88, 410)])).toEqual({
      url: '/',
      score: 91,
      metrics: { tbt: 300 },
      runs: [91, 97, 88],
    });
  });

  it('takes the lower middle run of an even count, and a single run as it is', () => {
    expect(medianRun([run(96, 1), run(90, 2)]).score).toBe(90);
    expect(medianRun([run(93, 5)])).toMatchObject({ score: 93, runs: [93] });
    expect(() => medianRun([])).toThrow();
  });

  it('names the runs Lighthouse could not measure', () => {
    const failed = { ...run(0, 0), error: 'NO_FCP' };
    expect(medianRun([run(94, 200), failed, run(96, 150)])).toMatchObject({
      score: 94,
      runs: [94, 0, 96],
      errors: ['2: NO_FCP'],
    });
  });
});
