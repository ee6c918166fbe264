import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialect } from './helper.js';

/**
 * Issue 54, "the first two commands": on a machine whose Node is older than package.json's
 * engines, `npm ci` refuses at once with the range (`engine-strict` in .npmrc), and `npm start`
 * and `npm test` print one Portuguese line naming the Node needed and the remedy (their `pre`
 * scripts run scripts/check-node.mjs) instead of building and dying with a segmentation fault.
 * Run with the machine's own older Node (Debian's /usr/bin/node is 20) on a copy of the
 * repository's package files, so nothing here touches the worktree's node_modules; where no
 * such Node exists those tests say so and are skipped.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const check = (await import(pathToFileURL(path.join(ROOT, 'scripts/check-node.mjs')).href)) as {
  satisfies(version: string, range: string): boolean;
  complaint(version: string, range: string, recommended: string): string | null;
  projectNode(root: string): { range: string; recommended: string };
};
const { range, recommended } = check.projectNode(ROOT);

/** The directories of PATH other than the running Node's (scripts/node24.sh puts it first). */
const otherPath = () =>
  (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((d) => d && path.resolve(d) !== path.dirname(process.execPath));

/** A `node` on this machine outside package.json's engines (PATH without Node 24, then the usual places). */
function olderNode(): { bin: string; version: string } | null {
  for (const dir of [...otherPath(), '/usr/bin', '/usr/local/bin']) {
    const bin = path.join(dir, 'node');
    if (!fs.existsSync(bin)) continue;
    try {
      const version = execFileSync(bin, ['-v'], { encoding: 'utf8', timeout: 10_000 }).trim();
      if (!check.satisfies(version, range)) return { bin, version };
    } catch {
      // not a runnable node
    }
  }
  return null;
}

const old = dialect === 'sqlite' ? olderNode() : null;
const npmFound = otherPath().some((d) => fs.existsSync(path.join(d, 'npm')));
const why = !npmFound
  ? 'npm não encontrado no PATH'
  : 'nenhum Node fora de package.json engines nesta máquina';
if (dialect === 'sqlite' && (!old || !npmFound))
  console.warn(`node-version.test.ts: testes com o Node antigo PULADOS (${why}).`);

/** A copy of the repository's package files: the root's, each workspace's, .npmrc, .nvmrc, the check. */
function packageCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-node-'));
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  for (const file of [
    'package.json',
    'package-lock.json',
    '.npmrc',
    '.nvmrc',
    'scripts/check-node.mjs',
    ...pkg.workspaces.map((w) => `${w}/package.json`),
  ]) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  return dir;
}

/**
 * `npm <args>` in `cwd` with `nodeDir`'s node first on PATH, without the npm_* settings of the
 * npm running this suite, offline on an empty cache: an install that gets past its checks
 * fails fetching at once instead of downloading anything.
 */
function npm(cwd: string, nodeDir: string, args: string[]) {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !/^npm_/i.test(k) && k !== 'NODE_OPTIONS' && k !== 'INIT_CWD') env[k] = v;
  env.PATH = [nodeDir, ...otherPath()].join(path.delimiter);
  env.npm_config_cache = path.join(cwd, '.npm-cache');
  env.npm_config_offline = 'true';
  const r = spawnSync('npm', args, { cwd, env, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, out: `${r.stdout}\n${r.stderr}` };
}

describe.runIf(dialect === 'sqlite')('the Node version (issue 54)', () => {
  let dir = '';
  beforeAll(() => {
    dir = packageCopy();
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('the check passes this Node quietly and names the Node needed and the remedy for an older one', () => {
    const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/check-node.mjs')], { encoding: 'utf8' });
    expect([r.status, r.stdout, r.stderr]).toEqual([0, '', '']);
    expect(check.satisfies(process.version, range)).toBe(true);

    expect(recommended).toBe('24');
    const line = check.complaint('v20.20.2', range, recommended)!;
    expect(line).toContain('Node.js 24');
    expect(line).toContain(range);
    expect(line).toContain('v20.20.2');
    expect(line).toContain('source scripts/node24.sh');
    expect(line).toContain('nvm use');
    for (const [v, ok] of [
      ['20.20.2', false],
      ['22.22.1', false],
      ['22.22.2', true],
      ['23.11.0', false],
      ['24.14.0', false],
      ['24.15.0', true],
      ['26.0.0', true],
    ] as const)
      expect([v, check.satisfies(v, range)]).toEqual([v, ok]);
  });

  it('npm ci on this Node meets no engine it does not fit (engine-strict would stop it)', () => {
    expect(fs.readFileSync(path.join(ROOT, '.npmrc'), 'utf8')).toMatch(/^engine-strict=true$/m);
    // Past the engine checks, the offline install stops at its first download.
    const r = npm(dir, path.dirname(process.execPath), ['ci', '--ignore-scripts']);
    expect(r.out).not.toContain('EBADENGINE');
    expect(r.out).toContain('ENOTCACHED');
  });

  it.skipIf(!old || !npmFound)(
    `npm ci under ${old?.version ?? 'an older Node'} refuses with the range`,
    () => {
      const r = npm(dir, path.dirname(old!.bin), ['ci', '--ignore-scripts']);
      expect(r.status).not.toBe(0);
      expect(r.out).toContain('npm error code EBADENGINE');
      expect(r.out).toContain(range);
      expect(r.out).toContain(old!.version);
      expect(r.out).not.toContain('ENOTCACHED');
    },
  );

  it.skipIf(!old || !npmFound)(
    `npm start and npm test under ${old?.version ?? 'an older Node'} say what to do, and do nothing else`,
    () => {
      const line = check.complaint(old!.version, range, recommended)!;
      for (const script of ['start', 'test']) {
        const r = npm(dir, path.dirname(old!.bin), [script]);
        expect([script, r.status]).toEqual([script, 1]);
        expect(r.out).toContain(line);
        // The script itself never ran: no build, no lint.
        expect(r.out).not.toMatch(/> (npm run build|npm run test:prereqs)/);
      }
    },
  );
});
