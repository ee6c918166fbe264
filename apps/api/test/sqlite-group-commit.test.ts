import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, sql, type Generated } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  GroupCommitSqliteDialect,
  runInTransaction,
  transaction,
  whenNotBusy,
} from '../src/db/sqlite/group-commit.js';

/**
 * The SQLite driver's group commit (docs/decisions/018-sale-write-path.md), on a real file,
 * read back through a second connection: what a transaction's promise says is committed must
 * be visible to another connection at that moment.
 */
interface T {
  itens: { id: Generated<number>; nome: string };
}

const open: { db: Kysely<T>; other: SQLite.Database; dir: string }[] = [];

function setup(options?: { maxTransactions?: number }, { busyTimeoutMs }: { busyTimeoutMs?: number } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-gc-'));
  const file = path.join(dir, 'x.db');
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.exec('create table itens (id integer primary key, nome text not null unique)');
  if (busyTimeoutMs !== undefined) raw.pragma(`busy_timeout = ${busyTimeoutMs}`);
  let commits = 0;
  const counting = {
    close: () => raw.close(),
    prepare: (q: string) => {
      if (/^commit$/i.test(q)) commits++;
      return raw.prepare(q);
    },
  };
  const db = new Kysely<T>({ dialect: new GroupCommitSqliteDialect(counting, options) });
  const other = new SQLite(file, { readonly: true });
  const seen = () =>
    (other.prepare('select nome from itens order by id').all() as { nome: string }[]).map((r) => r.nome);
  open.push({ db, other, dir });
  return { db, seen, commits: () => commits, file };
}

afterEach(async () => {
  for (const o of open.splice(0)) {
    o.other.close();
    await o.db.destroy();
    fs.rmSync(o.dir, { recursive: true, force: true });
  }
});

/** Another connection holding the write lock, with a row of its own; `release` commits it. */
function lockedElsewhere(file: string) {
  const writer = new SQLite(file);
  writer.exec('begin immediate');
  writer.prepare('insert into itens (nome) values (?)').run('de fora');
  return {
    release() {
      writer.exec('commit');
      writer.close();
    },
  };
}

type Run = <R>(db: Kysely<T>, fn: (trx: Kysely<T>) => Promise<R>) => Promise<R>;

/** Kysely's own transactions, and the driver's run of them (`transaction`, decision 036): the same rules. */
const ways: [string, Run][] = [
  ['Kysely’s transaction()', (db, fn) => db.transaction().execute(fn)],
  ['the driver’s transaction()', transaction],
];

describe.each(ways)('SQLite group commit, through %s', (_name, run) => {
  const insert = (db: Kysely<T>, nome: string) =>
    run(db, async (trx) => {
      await trx.insertInto('itens').values({ nome }).execute();
      await sql`select 1`.execute(trx); // a second statement, as real transactions have
    });

  it('waits for a write lock held elsewhere (SQLITE_BUSY at BEGIN) instead of failing the transaction', async () => {
    // No busy handler on the group's connection: every attempt while the other connection
    // writes answers SQLITE_BUSY at once, as SQLite can while the checkpoint worker restarts
    // the WAL. The transaction waits and goes through once the lock is free.
    const { db, seen, file } = setup(undefined, { busyTimeoutMs: 0 });
    const lock = lockedElsewhere(file);
    const pending = insert(db, 'depois');
    await new Promise((r) => setTimeout(r, 60));
    expect(seen()).toEqual([]);
    lock.release();
    await pending;
    expect(seen()).toEqual(['de fora', 'depois']);
  });

  it('waits for a lock held elsewhere before a write outside a transaction, and the event loop goes on meanwhile', async () => {
    const { db, seen, file } = setup(undefined, { busyTimeoutMs: 0 });
    const lock = lockedElsewhere(file);
    let done = false;
    const pending = db
      .insertInto('itens')
      .values({ nome: 'solto' })
      .execute()
      .then(() => (done = true));
    // Timers still fire while the write waits: nothing sleeps on the thread.
    const ticks: number[] = [];
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 10));
      ticks.push(i);
    }
    expect(ticks).toHaveLength(5);
    expect(done).toBe(false);
    expect(seen()).toEqual([]);
    lock.release();
    await pending;
    expect(seen()).toEqual(['de fora', 'solto']);
  });

  it('gives up with SQLite’s own error once the lock stays taken past the timeout', async () => {
    let tries = 0;
    const busy = () => {
      tries++;
      throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    };
    const started = Date.now();
    // 200 ms: on a loaded host (CI runs both dialects side by side) timers fire late, and 60 ms
    // once gave only 5 tries; at every 5 ms, 200 ms still gives several times more than 5.
    await expect(whenNotBusy(busy, 200)).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(195);
    expect(tries).toBeGreaterThan(5); // tried again every few milliseconds, not once
    // Any other error is not waited for.
    await expect(
      whenNotBusy(() => {
        throw Object.assign(new Error('UNIQUE constraint failed'), { code: 'SQLITE_CONSTRAINT_UNIQUE' });
      }),
    ).rejects.toThrow(/UNIQUE/);
  });

  it('commits transactions that wait together once, and each is visible elsewhere when it resolves', async () => {
    const { db, seen, commits } = setup();
    const names = Array.from({ length: 20 }, (_, i) => `n${i}`);
    const done = await Promise.all(
      names.map(async (n) => {
        await insert(db, n);
        return seen().includes(n); // committed: another connection sees it
      }),
    );
    expect(done).toEqual(names.map(() => true));
    expect(seen()).toEqual(names);
    expect(commits()).toBeLessThan(5); // 20 transactions, a handful of commits
  });

  it('rolls back only the transaction that failed; the others in its group are committed', async () => {
    const { db, seen } = setup();
    await insert(db, 'antes');
    const results = await Promise.allSettled(['a', 'antes', 'b', 'c'].map((n) => insert(db, n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(seen()).toEqual(['antes', 'a', 'b', 'c']);
    // A failure in the middle of a transaction undoes its earlier statements too.
    await expect(
      run(db, async (trx) => {
        await trx.insertInto('itens').values({ nome: 'meio' }).execute();
        await trx.insertInto('itens').values({ nome: 'a' }).execute();
      }),
    ).rejects.toThrow(/UNIQUE/);
    expect(seen()).not.toContain('meio');
  });

  it('commits the open group before a write outside a transaction, which is durable when it returns', async () => {
    const { db, seen } = setup();
    const pending = insert(db, 'grupo');
    await db.insertInto('itens').values({ nome: 'solto' }).execute();
    expect(seen()).toContain('solto');
    await pending;
    expect(seen()).toEqual(['grupo', 'solto']);
  });

  it('runs a transaction’s statements straight on its connection, inside that transaction only', async () => {
    const { db, seen } = setup();
    const put = 'insert into itens (nome) values (?) returning id';
    // Outside a transaction, and on a Kysely with plugins, it declines: Kysely runs those.
    expect(runInTransaction(db, put, ['fora'])).toBeNull();
    expect(runInTransaction(db.withPlugin(new CamelCasePlugin()), put, ['fora'])).toBeNull();
    await run(db, async (trx) => {
      const direct = runInTransaction<{ id: number }, T>(trx, put, ['direto']);
      expect(direct).not.toBeNull();
      expect((await direct!).rows).toEqual([{ id: 1 }]);
      // The same transaction sees it; nobody else does before the commit.
      const mine = await trx.selectFrom('itens').select('nome').execute();
      expect(mine).toEqual([{ nome: 'direto' }]);
      expect(seen()).toEqual([]);
    });
    expect(seen()).toEqual(['direto']);
    // A transaction that fails takes its direct statements back with it.
    await expect(
      run(db, async (trx) => {
        await runInTransaction<{ id: number }, T>(trx, put, ['desfeito']);
        throw new Error('falhou');
      }),
    ).rejects.toThrow('falhou');
    expect(seen()).toEqual(['direto']);
  });

  it('never lets a group grow past its limit', async () => {
    const { db, seen, commits } = setup({ maxTransactions: 4 });
    await Promise.all(Array.from({ length: 16 }, (_, i) => insert(db, `m${i}`)));
    expect(seen()).toHaveLength(16);
    expect(commits()).toBeGreaterThanOrEqual(4);
  });
});

describe('the driver’s transaction()', () => {
  it('runs on the group-commit driver only for a plain Kysely; otherwise it is Kysely’s own', async () => {
    const { db, seen } = setup();
    // The driver keeps one transaction Kysely and hands it to each transaction it runs.
    const first = await transaction(db, async (trx) => trx);
    const second = await transaction(db, async (trx) => trx);
    expect(second).toBe(first);
    expect(first.isTransaction).toBe(true);
    // With a plugin, Kysely builds a transaction of its own each time.
    const camel = db.withPlugin(new CamelCasePlugin());
    const a = await transaction(camel, async (trx) => trx);
    const b = await transaction(camel, async (trx) => trx);
    expect(a).not.toBe(b);
    // Inside a transaction it is Kysely's, which refuses a nested one.
    await expect(
      transaction(db, (trx) =>
        transaction(trx, async (inner) => inner.insertInto('itens').values({ nome: 'aninhada' }).execute()),
      ),
    ).rejects.toThrow(/not supported/);
    expect(seen()).toEqual([]);
  });
});
