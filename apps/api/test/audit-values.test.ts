import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ACOES_AUDITADAS, ENTIDADES_AUDITADAS, LISTAS_EXPORTADAS } from '@praca/contract';
import { describe, expect, it } from 'vitest';

/**
 * Issue 51: the audit screen showed raw words ('apuracao', 'contestacoes', 'Creditar cpf').
 * Every entity, action and exported list the API writes must be one of the contract's lists,
 * each with its Portuguese label: a new one without a label fails here. AuditEntry is typed by
 * the contract (values passed through variables are checked by the compiler); this reads every
 * literal the API's source writes.
 */
const SRC = path.resolve(import.meta.dirname, '../src');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
const sources = files(SRC).map((f) => ({ f: path.relative(SRC, f), text: readFileSync(f, 'utf8') }));

/** The object literal of each `recordAudit(db, { … })` call (up to its closing `})`). */
function auditCalls(): { f: string; body: string }[] {
  const out: { f: string; body: string }[] = [];
  for (const { f, text } of sources)
    for (const m of text.matchAll(/recordAudit\(\s*\w+\s*,\s*\{([\s\S]*?)\n\s*\}\)/g))
      out.push({ f, body: m[1]! });
  return out;
}

/** `key: 'a'`, `key: x === 'y' ? 'a' : 'b'`: the literals the key's line can write ('a', 'b'). */
const literals = (body: string, key: string): string[] =>
  [...body.matchAll(new RegExp(`^\\s*${key}:([^\\n]*)`, 'gm'))].flatMap((m) =>
    // The value's literals: first, or after `?` and `:` (not a comparison's operand).
    [...m[1]!.matchAll(/(?:^\s*|[?:]\s*)'([^']+)'/g)].map((x) => x[1]!),
  );

describe('the audit log’s values all have a label (issue 51)', () => {
  const calls = auditCalls();

  it('finds the API’s audit writes', () => {
    expect(calls.length).toBeGreaterThan(30);
  });

  it('writes only the contract’s ACOES_AUDITADAS', () => {
    const found = new Set<string>();
    for (const c of calls) for (const v of literals(c.body, 'acao')) found.add(v);
    // Actions passed as arguments: the literals handed to the helpers that record them.
    for (const { text } of sources) {
      for (const m of text.matchAll(/auditedWinnerAction\(\s*deps,\s*actor,\s*\w+,\s*'([a-z_]+)'/g))
        found.add(m[1]!);
    }
    const written = [...found];
    expect(written.length).toBeGreaterThan(15);
    expect(written.filter((v) => !(ACOES_AUDITADAS as string[]).includes(v))).toEqual([]);
  });

  it('writes only the contract’s ENTIDADES_AUDITADAS', () => {
    const found = new Set<string>();
    for (const c of calls) for (const v of literals(c.body, 'entidade')) found.add(v);
    // Editors and imports name their entity once (admin-crud, imports/kind).
    for (const { text } of sources)
      if (/adminEditor|ImportKind|AdminRecord/.test(text))
        for (const m of text.matchAll(/^\s*entidade: '([a-z_]+)'/gm)) found.add(m[1]!);
    expect(found.size).toBeGreaterThan(15);
    expect([...found].filter((v) => !(ENTIDADES_AUDITADAS as string[]).includes(v))).toEqual([]);
  });

  it('exports only the contract’s LISTAS_EXPORTADAS', () => {
    const found = new Set<string>();
    for (const { text } of sources)
      for (const m of text.matchAll(/^\s*lista: '([a-z-]+)'/gm)) found.add(m[1]!);
    expect(found.size).toBeGreaterThan(5);
    expect([...found].filter((v) => !(LISTAS_EXPORTADAS as string[]).includes(v))).toEqual([]);
  });
});
