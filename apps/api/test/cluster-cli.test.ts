import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dialect } from './helper.js';

/**
 * `npm run start:cluster` (issue 38) refuses SQLite, which is one process, and a bad number of
 * instances, before touching any database. Its workers run on PostgreSQL in
 * bench/test/rush.test.ts (two instances behind one port).
 */
describe.runIf(dialect === 'sqlite')('npm run start:cluster', () => {
  const run = (args: string[], env: Record<string, string>) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-cluster-'));
    try {
      const { DATABASE_URL: _ignored, ...rest } = process.env;
      return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/cluster.ts', ...args], {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: { ...rest, NODE_ENV: 'production', DATA_DIR: dir, ...env },
        encoding: 'utf8',
        timeout: 60_000,
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  it('refuses SQLite with a clear message', () => {
    const r = run(['2'], {});
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('npm run start:cluster precisa de PostgreSQL');
    expect(r.stderr).toContain('o SQLite é um só processo');
  });

  it('refuses a number of instances that is not a positive integer', () => {
    const r = run(['zero'], { DATABASE_URL: 'postgres://ninguem@127.0.0.1:1/nada' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Número de instâncias inválido: zero');
  });
});
