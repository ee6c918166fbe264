import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrate.js';
import {
  MIGRATION_TEMPLATE,
  migrationIdentifier,
  migrationOrderProblems,
  nextMigrationName,
  registerMigration,
} from '../src/db/new-migration.js';

const dir = new URL('../src/db/', import.meta.url);
const made = readFileSync(new URL('migrations.lock', dir), 'utf8').split('\n').filter(Boolean);
const files = readdirSync(new URL('migrations/', dir))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -3));

describe('migrations (Kysely refuses one that sorts before an applied one)', () => {
  it('are all in migrations.lock, in the order they were made, none sorting before an older one', () => {
    expect(migrationOrderProblems(made, files)).toEqual([]);
  });

  it('are all registered in migrate.ts, in that order', () => {
    expect(Object.keys(migrations)).toEqual(made);
  });

  it('a new file named before the newest one made fails the check; one made after it is only unlisted', () => {
    const newest = made.at(-1) ?? '';
    expect(migrationOrderProblems(made, [...files, '2026-11-26T0700-nova'])).toEqual([
      `2026-11-26T0700-nova ordena antes de ${newest}, já aplicada: crie-a com npm run db:new-migration -- <nome>`,
    ]);
    const appended = [...made, '2026-11-28T0859-nova'];
    expect(migrationOrderProblems(appended, [...files, '2026-11-28T0859-nova'])).toEqual([
      `2026-11-28T0859-nova ordena antes de ${newest}, feita antes dela`,
    ]);
    expect(migrationOrderProblems(made, [...files, '2099-01-01T0000-nova'])).toEqual([
      '2099-01-01T0000-nova não está em migrations.lock: crie migrações com npm run db:new-migration -- <nome>',
    ]);
    expect(migrationOrderProblems(made, files.slice(1))).toEqual([
      `${made[0]} está em migrations.lock mas o arquivo sumiu ou mudou de nome`,
    ]);
  });
});

describe('npm run db:new-migration', () => {
  const existing = ['2026-11-22T0800-modelo-inicial', '2026-11-28T0900-auditoria-por-cidade'];

  it('names the migration with the UTC minute it is made', () => {
    expect(nextMigrationName(new Date('2026-12-03T14:07:59.999-03:00'), existing, 'cupons-por-loja')).toBe(
      '2026-12-03T1707-cupons-por-loja',
    );
  });

  it('names it a minute after the newest when that one is later or the same minute (invented future times)', () => {
    expect(nextMigrationName(new Date('2026-11-26T06:30:00Z'), existing, 'nova')).toBe(
      '2026-11-28T0901-nova',
    );
    expect(nextMigrationName(new Date('2026-11-28T09:00:30Z'), existing, 'nova')).toBe(
      '2026-11-28T0901-nova',
    );
    expect(nextMigrationName(new Date('2026-12-31T23:59:00Z'), ['2026-12-31T2359-a'], 'b')).toBe(
      '2027-01-01T0000-b',
    );
  });

  it('takes kebab-case names only', () => {
    for (const bad of ['', 'Nova', 'nova migração', 'nova_tabela', '-nova', 'nova-']) {
      expect(() => nextMigrationName(new Date(), existing, bad), bad).toThrow('nome de migração inválido');
    }
  });

  it('registers it in migrate.ts after the last import and last in the list', () => {
    const source = readFileSync(new URL('migrate.ts', dir), 'utf8');
    const name = '2026-12-03T1707-cupons-por-loja';
    expect(migrationIdentifier(name)).toBe('mCuponsPorLoja');
    const out = registerMigration(source, name);
    const lines = out.split('\n');
    const lastImport = lines.findLastIndex((l) => l.startsWith('import * as'));
    expect(lines[lastImport]).toBe(`import * as mCuponsPorLoja from './migrations/${name}.js';`);
    const entry = lines.indexOf(`  '${name}': mCuponsPorLoja,`);
    expect(lines[entry - 1]).toBe(`  '${made.at(-1)}': ${migrationIdentifier(made.at(-1) ?? '')},`);
    expect(lines[entry + 1]).toBe('};');
    expect(out.replace(`${lines[lastImport]}\n`, '').replace(`${lines[entry]}\n`, '')).toBe(source);
  });

  it('writes a template that exports up and down', () => {
    expect(MIGRATION_TEMPLATE).toMatch(/export async function up\(db: Kysely<unknown>\)/);
    expect(MIGRATION_TEMPLATE).toMatch(/export async function down\(db: Kysely<unknown>\)/);
  });
});
