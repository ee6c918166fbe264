import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dialect } from './helper.js';

/**
 * Issue 51: docs/ARCHITECTURE.md stays true. Every API module and web feature folder is named in
 * it, and every file it cites exists (a path from the repository's root or the tail of one, or a
 * file name found in the repository; `<name>` and `*` placeholders are patterns, not files;
 * `shared/…` is the design folder beside the repository).
 */
const root = path.resolve(import.meta.dirname, '../../..');
const doc = fs.readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8');
const folders = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/** The text of the table row whose first cell is `first`. */
const row = (first: string) => doc.split('\n').find((l) => l.startsWith(`| \`${first}\``)) ?? '';

/** Whether the document names `name` in the general row `generic` or in a row of its own. */
const named = (name: string, generic: string, own: string) =>
  doc.includes(`\`${own}${name}/\``) || new RegExp(`\\b${name}\\b`).test(row(generic));

describe.runIf(dialect === 'sqlite')('docs/ARCHITECTURE.md', () => {
  it('names every API module and every web feature', () => {
    const modulesMissing = folders('apps/api/src/modules').filter(
      (m) => !named(m, 'apps/api/src/modules/<noun>/', 'apps/api/src/modules/'),
    );
    const featuresMissing = folders('apps/web/src/features').filter(
      (f) => !named(f, 'apps/web/src/features/<noun>/', 'apps/web/src/features/'),
    );
    expect({ modulesMissing, featuresMissing }).toEqual({ modulesMissing: [], featuresMissing: [] });
  });

  it('cites only files that exist', () => {
    const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n');
    const names = new Set(tracked.map((f) => path.basename(f)));
    // A path from the root, a path's tail (`db/types.ts` beside its folder's row), or a name.
    const exists = (c: string) =>
      c.includes('/')
        ? fs.existsSync(path.join(root, c)) || tracked.some((f) => f.endsWith(`/${c}`))
        : names.has(c);
    const cited = [...doc.matchAll(/`([^`\s]+\.(?:ts|tsx|js|mjs|md|sql|sh|lock|css))`/g)].map((m) => m[1]);
    const missing = cited
      .filter((c) => !/[<>*]/.test(c))
      .filter((c) => !c.startsWith('shared/') && !exists(c));
    expect(cited.length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});
