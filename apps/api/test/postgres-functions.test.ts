import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { functionDefinition, functionSource, newestVersions } from '../src/db/postgres/functions.js';
import { dialect, useTestApp } from './helper.js';

/**
 * The PostgreSQL functions kept as versioned source files (src/db/postgres/<name>.v<N>.sql): on a
 * database the migrations made, each is installed exactly as its newest version says. A new
 * version no migration loads, a migration that loads an older one, or a later migration (or
 * anything else) that redefines the function from text of its own fails here. Compared as
 * PostgreSQL keeps it (`pg_get_functiondef`), whitespace aside. (A version already applied is
 * never edited, as a migration is not: a fresh database would install the edit and agree.)
 */
const t = useTestApp();

const normalised = (text: string) => text.replace(/\s+/g, ' ').trim();

describe.runIf(dialect === 'postgres')('functions from versioned SQL sources (postgres)', () => {
  const newest = newestVersions();

  it('has the sale path’s functions among them', () => {
    expect([...newest.keys()]).toEqual(
      expect.arrayContaining([
        'registrar_vendas',
        'cupons_devidos',
        'totais_vendas_por_venda',
        'totais_vendas_por_cupom',
        'totais_dia_por_venda',
        'totais_dia_por_cupom',
      ]),
    );
  });

  it.each([...newest])('%s is installed as its version %i says', async (name, version) => {
    const { rows } = await sql<{ def: string }>`select pg_get_functiondef(${name}::regproc) as def`.execute(
      t.db,
    );
    expect(normalised(rows[0]!.def)).toBe(normalised(functionDefinition(functionSource(name, version))));
  });
});
