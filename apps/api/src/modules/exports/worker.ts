import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import { GroupCommitSqliteDialect } from '../../db/sqlite/group-commit.js';
import { withStatementCache } from '../../db/sqlite/statement-cache.js';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../lib/errors.js';
import type { LinhasNaThread, ParaThread, DaThread, TarefaNaThread } from './thread.js';
import { writeExport } from './writers.js';

/**
 * The worker thread of a large export (thread.ts starts it; decision 048): it loads the module
 * of the list's rows (light: no services, no zod schemas), opens its own connection (SQLite
 * read-only, or a PostgreSQL pool of one) and writes the file from the filter the list's rules
 * answered in the server's thread. Its garbage stays in its own small heap,
 * so the server's heap is not sized for it. It writes nothing to the database: progress and the
 * audit entry are the server's (one SQLite writer).
 */

async function openReader(t: TarefaNaThread): Promise<{ db: Kysely<Database>; close(): Promise<void> }> {
  if (t.sqliteFile === null) {
    // db/index.js (pg, the server's SQLite setup) only on PostgreSQL.
    const { createDb } = await import('../../db/index.js');
    return createDb({ databaseUrl: t.databaseUrl, dataDir: '', poolSize: 1 });
  }
  const sqlite = new SQLite(t.sqliteFile, { readonly: true, fileMustExist: true });
  // Its own thread: a busy wait here holds no request (a WAL restart holds readers briefly).
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's default page cache (2 MB), not the server's 32 MB: the walk reads each page once,
  // and a larger cache measured no faster (bench/README.md).
  const db = new Kysely<Database>({ dialect: new GroupCommitSqliteDialect(withStatementCache(sqlite)) });
  return { db, close: () => db.destroy() };
}

// Lists are declared with their own filter and row types; here they are found by name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyList = LinhasNaThread<any, any>;

const isList = (v: unknown, lista: string): v is AnyList =>
  typeof v === 'object' &&
  v !== null &&
  (v as AnyList).lista === lista &&
  typeof (v as AnyList).linhas === 'function';

async function run(t: TarefaNaThread, port: MessagePort): Promise<void> {
  const send = (m: DaThread) => port.postMessage(m);
  /** Waits for the server's answer to `antesDeFechar`. */
  const audited = () =>
    new Promise<void>((resolve, reject) => {
      port.once('message', (m: ParaThread) =>
        m.tipo === 'auditado' ? resolve() : reject(new Error('o registro da exportação falhou')),
      );
    });
  let reader: Awaited<ReturnType<typeof openReader>> | undefined;
  try {
    reader = await openReader(t);
    const mod = (await import(t.modulo)) as Record<string, unknown>;
    const l = Object.values(mod).find((v) => isList(v, t.lista));
    if (!l) throw new Error(`exportação ${t.lista} não está em ${t.modulo}`);
    const fonte = l.linhas(reader.db, t.filtro);
    send({ tipo: 'total', total: await fonte.contar(1e12) });
    const out = fs.createWriteStream(t.arquivo);
    const linhas = await writeExport(t.formato, l.titulo, l.colunas, fonte, out, {
      progresso: (n) => send({ tipo: 'progresso', linhas: n }),
      antesDeFechar: async (n) => {
        const ok = audited();
        send({ tipo: 'antesDeFechar', linhas: n });
        await ok;
      },
    });
    await finished(out);
    send({ tipo: 'fim', linhas });
  } catch (err) {
    send(
      err instanceof HttpError
        ? { tipo: 'erro', message: err.message, status: err.statusCode, erro: err.erro }
        : { tipo: 'erro', message: err instanceof Error ? (err.stack ?? err.message) : String(err) },
    );
  } finally {
    await reader?.close();
  }
}

if (parentPort) void run(workerData as TarefaNaThread, parentPort);
