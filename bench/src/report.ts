import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One line of the table: a measured figure, its target and its side-by-side reference. */
export interface Figure {
  bench:
    | 'reads'
    | 'sales'
    | 'draw'
    | 'admin'
    | 'dashboard'
    | 'web'
    | 'memory'
    | 'rush'
    | 'exports'
    | 'import'
    | 'recibos'
    | 'cluster';
  name: string;
  value: number;
  unit: string;
  /** `>=` or `<` / `<=` the target; null = informative only. */
  target: { op: '>=' | '<' | '<='; value: number } | null;
  /** The reference figure or ratio, as text (e.g. "ceiling 9,870 req/s, ratio 0.93"). */
  reference?: string;
  details?: Record<string, unknown>;
}

export const pass = (f: Figure): boolean | null => {
  if (!f.target) return null;
  const { op, value } = f.target;
  if (!Number.isFinite(f.value)) return false;
  return op === '>=' ? f.value >= value : op === '<' ? f.value < value : f.value <= value;
};

const fmt = (n: number, unit = ''): string => {
  if (!Number.isFinite(n)) return '—';
  const digits = Math.abs(n) >= 100 ? 0 : Math.abs(n) >= 10 ? 1 : 2;
  const s = n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  return unit ? `${s} ${unit}` : s;
};

/**
 * Milliseconds this process takes for a fixed piece of single-threaded JavaScript (50M steps
 * of integer arithmetic): the same machine type can run 1.5× slower from one hour to the next
 * (a shared host), and every figure here moves with it. Taken when a run starts and ends.
 */
export function cpuCheck(): number {
  const t0 = performance.now();
  let x = 0;
  for (let i = 0; i < 50_000_000; i++) x = (x + (i % 7)) | 0;
  const ms = performance.now() - t0;
  return x === -1 ? ms + 1 : Math.round(ms); // `x` read so the loop is not optimised away
}

export function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    /** 1/5/15-minute load averages when the run started: other work on the machine skews figures. */
    loadavg: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

/** The table as Markdown-compatible text (it goes to the terminal and to bench/README.md). */
export function table(figures: Figure[]): string {
  const rows = figures.map((f) => {
    const ok = pass(f);
    return [
      f.bench,
      f.name,
      fmt(f.value, f.unit),
      f.target ? `${f.target.op} ${fmt(f.target.value, f.unit)}` : '—',
      ok === null ? 'info' : ok ? 'PASS' : 'FAIL',
      f.reference ?? '',
    ];
  });
  const head = ['benchmark', 'figure', 'measured', 'target', 'result', 'reference / ratio'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export interface RunReport {
  startedAt: string;
  finishedAt: string;
  dialect: 'sqlite' | 'postgres';
  scale: string;
  database: string;
  options: Record<string, unknown>;
  machine: ReturnType<typeof machine> & { cpuCheckMs: number[] };
  figures: (Figure & { pass: boolean | null })[];
  errors: { bench: string; error: string }[];
}

export function writeReport(dir: string, report: RunReport): string {
  fs.mkdirSync(dir, { recursive: true });
  const stamp = report.startedAt.replace(/[:.]/g, '-');
  const file = path.join(dir, `${stamp}-${report.dialect}-${report.scale}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
