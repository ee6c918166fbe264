import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { databaseCounts, databaseIsEmpty, restoreDatabase, type BackupTarget } from '../../db/backup.js';
import { createDb, isPostgresUrl } from '../../db/index.js';
import { migrations } from '../../db/migrate.js';
import { decrypt } from '../../lib/backup-cipher.js';
import { nowIso } from '../../lib/clock.js';
import { LocalStore, type Store } from '../../lib/storage.js';
import { removeFilesOf } from '../account/photos.js';
import { replayRemoval } from '../account/service.js';
import { ticketFileKey } from '../draws/service.js';
import { unpack, type Manifest } from './archive.js';
import { readErasureLog } from './erasure-log.js';
import * as repo from './repository.js';
import { durableKeys, isDurableKey } from './service.js';

/**
 * `npm run restore -- <backup>` (issue 54): an archive back into an EMPTY database and an EMPTY
 * store, checked at every step before the server is started on it:
 *
 * 1. the archive is decrypted and unpacked into a local folder: a wrong BACKUP_KEY, a cut or
 *    altered file, a file whose SHA-256 differs from the manifest's stop here, nothing written;
 * 2. the database is restored, and every table's rows counted against the backup's snapshot;
 * 3. every file goes back to the store and is read back against its SHA-256;
 * 4. every ticket file of an apuração or a draw is hashed against the hash published for it;
 * 5. the runs and leases the snapshot saw unfinished are settled;
 * 6. the erasure log (erasure-log.ts) is replayed: people removed after the backup are removed
 *    again, their files deleted.
 */

export interface RestoreOptions {
  /** The archive: a local file, or a key in the backup store. */
  source: { file: string } | { store: Store; key: string };
  /** BACKUP_KEY. */
  key: string;
  target: BackupTarget;
  /** The store the files go to (STORAGE_URL's). */
  store: Store;
  /** The backup store, whose erasure log is replayed (null: none). */
  erasureLog: Store | null;
  /** Restore over a database or store that already holds data (the flag `--substituir`). */
  substituir?: boolean;
  log: FastifyBaseLogger;
}

export interface RestoreReport {
  criado_em: string;
  dialeto: string;
  tabelas: number;
  linhas: number;
  objetos: number;
  /** Ticket files checked against their published hashes. */
  bilhetes: number;
  /** Removals of the erasure log applied again. */
  remocoes: number;
  avisos: string[];
}

/** A restore that must not be used: the reason in the operator's words. */
class RestoreError extends Error {}

const sha256Of = async (body: AsyncIterable<unknown>): Promise<string> => {
  const h = createHash('sha256');
  for await (const piece of body) h.update(piece as Buffer);
  return h.digest('hex');
};

function contentType(key: string): string {
  if (key.endsWith('.png')) return 'image/png';
  if (key.endsWith('.csv')) return 'text/csv; charset=utf-8';
  return 'application/octet-stream';
}

async function openSource(source: RestoreOptions['source']): Promise<Readable> {
  if ('file' in source) {
    await fs.access(source.file).catch(() => {
      throw new RestoreError(`backup não encontrado: ${source.file}`);
    });
    return createReadStream(source.file);
  }
  const got = await source.store.get(source.key);
  if (!got) throw new RestoreError(`backup não encontrado no armazenamento de backups: ${source.key}`);
  return got.body;
}

/** Decrypts and unpacks the archive into `dir`, checking it whole against its manifest. */
async function unpackArchive(o: Pick<RestoreOptions, 'source' | 'key'>, dir: string) {
  const body = await openSource(o.source);
  try {
    return await unpack(decrypt(o.key, body as AsyncIterable<Buffer>), dir);
  } finally {
    body.destroy();
  }
}

function checkCounts(expected: Record<string, number>, found: Record<string, number>): void {
  const tables = [...new Set([...Object.keys(expected), ...Object.keys(found)])].sort();
  const wrong = tables.filter((t) => expected[t] !== found[t]);
  if (wrong.length) {
    throw new RestoreError(
      `contagens de linhas diferentes do backup: ${wrong
        .slice(0, 10)
        .map((t) => `${t} (backup ${expected[t] ?? '—'}, restaurado ${found[t] ?? '—'})`)
        .join('; ')}`,
    );
  }
}

async function restoreInto(o: RestoreOptions, replay: boolean): Promise<RestoreReport> {
  const postgres = isPostgresUrl(o.target.databaseUrl);
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'praca-restauracao-'));
  try {
    const { manifest, banco, objetos } = await unpackArchive(o, staging);
    checkManifest(manifest, postgres);
    const outside = [...objetos.keys()].filter((k) => !isDurableKey(k));
    if (outside.length)
      throw new RestoreError(`o backup traz arquivos fora das pastas duráveis: ${outside.join(', ')}`);
    if (!o.substituir) {
      if (!(await databaseIsEmpty(o.target))) {
        throw new RestoreError(
          'o banco de destino já tem dados: restaure num banco vazio, ou use --substituir para escrever por cima',
        );
      }
      if ((await durableKeys(o.store)).length > 0) {
        throw new RestoreError(
          'o armazenamento de destino já tem arquivos: restaure num vazio, ou use --substituir para escrever por cima',
        );
      }
    }

    // 2. The database, counted against the snapshot.
    await restoreDatabase(o.target, banco);
    const found = await databaseCounts(o.target);
    // PostgreSQL's dump left `configuracoes` out; its rows other than the secrets come back here.
    const db = createDb({ databaseUrl: o.target.databaseUrl, dataDir: o.target.dataDir, poolSize: 2 });
    try {
      if (manifest.configuracoes.length) {
        await db.db
          .insertInto('configuracoes')
          .values(manifest.configuracoes)
          .onConflict((oc) => oc.column('chave').doNothing())
          .execute();
        found.configuracoes = (await databaseCounts(o.target)).configuracoes ?? 0;
      }
      checkCounts(manifest.contagens, found);

      // 3. The files, read back.
      for (const [key, file] of objetos) await o.store.put(key, { file }, contentType(key));
      const byKey = new Map(manifest.objetos.map((f) => [f.chave, f.sha256]));
      const unlike: string[] = [];
      for (const [key, sha] of byKey) {
        const got = await o.store.get(key);
        if (!got || (await sha256Of(got.body)) !== sha) unlike.push(key);
      }
      if (unlike.length) {
        throw new RestoreError(
          `arquivos gravados não conferem ao ler de volta: ${unlike.slice(0, 5).join(', ')}`,
        );
      }

      // 4. Ticket files against their published hashes.
      const avisos: string[] = [];
      const { apuracoes, sorteios } = await repo.publishedHashes(db.db);
      const published = [
        ...apuracoes.map((a) => ({ key: a.arquivo, hash: a.hash_bilhetes, de: `apuração ${a.id_apuracao}` })),
        ...sorteios.map((s) => ({ key: ticketFileKey(s.id), hash: s.hash_lista!, de: `sorteio ${s.id}` })),
      ];
      const mismatched: string[] = [];
      let bilhetes = 0;
      for (const p of published) {
        const got = await o.store.get(p.key);
        if (!got) {
          // Never stored (a draw whose file failed to publish is kept with its hash): said, not fatal.
          if (byKey.has(p.key)) mismatched.push(`${p.de}: ${p.key} ausente`);
          else
            avisos.push(
              `${p.de}: o arquivo de bilhetes ${p.key} não estava no armazenamento quando o backup foi feito`,
            );
          continue;
        }
        if ((await sha256Of(got.body)) !== p.hash)
          mismatched.push(`${p.de}: ${p.key} não confere com o hash publicado`);
        else bilhetes++;
      }
      if (mismatched.length) {
        throw new RestoreError(
          `arquivos de bilhetes não conferem com os hashes publicados (não inicie o servidor): ${mismatched.join('; ')}`,
        );
      }

      // 5. What the snapshot saw unfinished.
      await repo.settleAfterRestore(db.db, {
        id: manifest.id_backup,
        arquivo: 'file' in o.source ? path.basename(o.source.file) : o.source.key,
        at: nowIso(),
      });

      // 6. The erasure log.
      let remocoes = 0;
      if (replay && o.erasureLog) {
        for (const e of await readErasureLog(o.erasureLog)) {
          const result = await replayRemoval(db.db, e);
          if (!result) continue;
          await removeFilesOf(o.store, result, o.log);
          remocoes++;
        }
      } else if (replay) {
        avisos.push(
          'sem BACKUP_STORAGE_URL, o registro de remoções não foi lido: remoções feitas depois do backup não foram reaplicadas',
        );
      }
      return {
        criado_em: manifest.criado_em,
        dialeto: manifest.dialeto,
        tabelas: Object.keys(manifest.contagens).length,
        linhas: Object.values(manifest.contagens).reduce((a, b) => a + b, 0),
        objetos: manifest.objetos.length,
        bilhetes,
        remocoes,
        avisos,
      };
    } finally {
      await db.close();
    }
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

function checkManifest(m: Manifest, postgres: boolean): void {
  const here = postgres ? 'postgres' : 'sqlite';
  if (m.dialeto !== here) {
    throw new RestoreError(
      `este backup é de ${m.dialeto === 'postgres' ? 'PostgreSQL' : 'SQLite'} e DATABASE_URL aponta para ${postgres ? 'PostgreSQL' : 'SQLite'}`,
    );
  }
  if (m.migracao !== null && !(m.migracao in migrations)) {
    throw new RestoreError(
      `este backup é de uma versão mais nova do Praça (migração ${m.migracao}): atualize o código antes de restaurar`,
    );
  }
}

/** Restores the archive into the configured database and store (see the file's comment). */
export const restoreBackup = (o: RestoreOptions): Promise<RestoreReport> => restoreInto(o, true);

/**
 * `npm run restore -- --verificar <backup>`: the whole restore into a scratch database (a
 * temporary SQLite file, or a new PostgreSQL database on DATABASE_URL's server, dropped after)
 * and a scratch folder store, with every check; nothing of the running city is touched.
 */
export async function verifyBackup(
  o: Pick<RestoreOptions, 'source' | 'key' | 'log'> & { target: BackupTarget },
): Promise<RestoreReport> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'praca-verifica-'));
  let databaseUrl = `sqlite:${path.join(scratch, 'verifica.db')}`;
  let drop = async () => {};
  if (isPostgresUrl(o.target.databaseUrl)) {
    const name = `praca_verifica_${randomBytes(6).toString('hex')}`;
    const admin = async (text: string) => {
      const client = new pg.Client({ connectionString: o.target.databaseUrl });
      await client.connect();
      try {
        await client.query(text);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${name}`);
    drop = () => admin(`drop database if exists ${name} with (force)`);
    const url = new URL(o.target.databaseUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  try {
    return await restoreInto(
      {
        ...o,
        target: { databaseUrl, dataDir: scratch },
        store: new LocalStore(path.join(scratch, 'arquivos')),
        erasureLog: null,
      },
      false,
    );
  } finally {
    await drop().catch((err: unknown) => o.log.warn({ err }, 'banco de verificação não removido'));
    await fs.rm(scratch, { recursive: true, force: true });
  }
}
