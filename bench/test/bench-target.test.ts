import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseOf } from '../src/bench-target.js';

describe('databaseOf: the database a bench run measures', () => {
  const generated = {
    dataDir: '/data/city',
    sqliteFile: '/data/city/praca.db',
    databaseUrl: 'sqlite:/data/city/praca.db',
  };

  it('reads a copied data directory, not the one the generator wrote', () => {
    expect(databaseOf(generated, '/tmp/copy')).toBe(path.join('/tmp/copy', 'praca.db'));
    expect(databaseOf(generated, '/data/city')).toBe('/data/city/praca.db');
  });

  it('keeps a SQLite file the generator was told to put elsewhere', () => {
    const elsewhere = {
      dataDir: '/data/city',
      sqliteFile: '/disk2/big.db',
      databaseUrl: 'sqlite:/disk2/big.db',
    };
    expect(databaseOf(elsewhere, '/tmp/copy')).toBe('/disk2/big.db');
  });

  it('resolves a relative file against the data directory, and defaults to praca.db', () => {
    expect(databaseOf({ sqliteFile: 'x.db' }, '/tmp/copy')).toBe(path.resolve('/tmp/copy', 'x.db'));
    expect(databaseOf(null, '/tmp/copy')).toBe(path.join('/tmp/copy', 'praca.db'));
  });

  it('answers a PostgreSQL URL as it is', () => {
    const pg = {
      dataDir: '/data/city-postgres',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/praca_bench_city',
    };
    expect(databaseOf(pg, '/tmp/copy')).toBe('postgres://postgres@127.0.0.1:5432/praca_bench_city');
  });
});
