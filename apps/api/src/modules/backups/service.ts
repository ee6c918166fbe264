import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { COMPROVANTE_DIR, CPF_COMPROVACAO_DIR, IMAGE_DIRS } from '@praca/contract';
import { backupDatabase } from '../../db/backup.js';
import { transaction, type Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { encrypt } from '../../lib/backup-cipher.js';
import { now, nowIso } from '../../lib/clock.js';
import { randomToken } from '../../lib/crypto.js';
import { createStore, type StorageConfig, type Store } from '../../lib/storage.js';
import { IMAGES_PREFIX } from '../images/service.js';
import { pack, type Manifest, type PackEntry } from './archive.js';
import * as repo from './repository.js';

/**
 * Backups (issue 54): the database's snapshot and the store's durable files in one archive,
 * encrypted with BACKUP_KEY (lib/backup-cipher.ts), written to the private BACKUP_STORAGE_URL.
 *
 * - One run at a time across the instances: a lease in the database (`travas`), renewed while
 *   the run works; a run that finds it held fails with BackupOcupado (the scheduled job retries).
 * - The archive is written to a local temporary file, then stored whole under its name: a
 *   folder store writes it under a temporary name and renames it; S3 shows an object only once
 *   its upload completed. A failed run removes its temporary files (and the next run removes
 *   any a killed process left).
 * - Each run is a row of `backups` (its audit record: when, where, how big, or its error); the
 *   oldest archives beyond BACKUP_RETENCAO are removed after each success.
 */

/** The job that runs a scheduled backup (payload: the run's id). */
export const BACKUP_JOB = 'backup';

/**
 * The store's folders whose files a restore needs: public images, receipts' photos, CPF
 * proofs' photos, the ticket files of apurações and draws. Not the exports, the imports in
 * progress, nor anything else a job recreates; never the data folder's key file (`chaves/`).
 */
const DURABLE_PREFIXES: readonly string[] = [
  ...IMAGE_DIRS.map((d) => `${IMAGES_PREFIX}${d}/`),
  `${COMPROVANTE_DIR}/`,
  `${CPF_COMPROVACAO_DIR}/`,
  'apuracoes/',
  'sorteios/',
];

/** The backup store's folder of archives. */
const ARCHIVES = 'backups/';
const ARCHIVE_NAME = /^backups\/praca-(\d{8}-\d{6})-(\d+)\.backup$/;
const LEASE = 'backup';

export interface BackupDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  databaseUrl: string | undefined;
  dataDir: string;
  /** The files to copy (STORAGE_URL's store). */
  store: Store;
  /** BACKUP_KEY. */
  key: string;
  /** BACKUP_STORAGE_URL's store, and how many archives stay there (absent: a local file only). */
  destination?: { store: Store; retencao: number };
  log: FastifyBaseLogger;
  /** How long the run's lease holds without renewal (tests shorten it). */
  leaseMs?: number;
}

export interface BackupResult {
  id_backup: number;
  /** The archive's key in the backup store, or the local file's path. */
  arquivo: string;
  bytes: number;
  objetos: number;
  removidos: number;
}

/** Another run holds the lease. */
export class BackupOcupado extends Error {
  constructor() {
    super('outro backup está em andamento (trava no banco); tente de novo mais tarde');
  }
}

/** BACKUP_STORAGE_URL's store (a folder or a bucket, with the S3_ variables), or null unset. */
export function openBackupStore(c: StorageConfig & { BACKUP_STORAGE_URL?: string }): Store | null {
  return c.BACKUP_STORAGE_URL ? createStore({ ...c, STORAGE_URL: c.BACKUP_STORAGE_URL }) : null;
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');

/** Whether a key is one of the durable folders' (a restore writes nowhere else). */
export const isDurableKey = (key: string): boolean => DURABLE_PREFIXES.some((p) => key.startsWith(p));

/** The store's durable files, in key order. */
export async function durableKeys(store: Store): Promise<string[]> {
  const keys: string[] = [];
  for (const prefix of DURABLE_PREFIXES) keys.push(...(await store.list(prefix)));
  return [...new Set(keys)].sort();
}

/** The lease of a run: taken or not, renewed on a timer until released. */
async function takeLease(deps: BackupDeps): Promise<(() => Promise<void>) | null> {
  const leaseMs = deps.leaseMs ?? 60_000;
  const dono = `${hostname()}:${process.pid}:${randomToken(6)}`;
  const until = () => new Date(Date.now() + leaseMs).toISOString();
  if (!(await repo.takeLease(deps.db, LEASE, dono, new Date().toISOString(), until()))) return null;
  const timer = setInterval(() => {
    repo.renewLease(deps.db, LEASE, dono, until()).then(
      (held) => held || deps.log.error('backup: a trava no banco passou a outra instância'),
      (err: unknown) => deps.log.warn({ err }, 'backup: trava não renovada'),
    );
  }, leaseMs / 3).unref();
  return async () => {
    clearInterval(timer);
    await repo.releaseLease(deps.db, LEASE, dono);
  };
}

/**
 * One backup run: the run `id` (a scheduled one), or a new run by hand; `file` writes the
 * archive to that local path instead of the backup store (no retention there).
 */
export async function runBackup(
  deps: BackupDeps,
  o: { id?: number; file?: string } = {},
): Promise<BackupResult> {
  const release = await takeLease(deps);
  if (!release) throw new BackupOcupado();
  const staging = path.join(deps.dataDir, 'backups', 'em-curso');
  let id = o.id;
  try {
    id ??= await repo.newManualRun(deps.db, nowIso());
    const run = await repo.findRun(deps.db, id);
    if (!run) throw new Error(`execução de backup ${id} não encontrada`);
    if (run.situacao === 'ok') {
      // A job run again after its success (a crash before the queue heard of it).
      return {
        id_backup: id,
        arquivo: run.arquivo ?? '',
        bytes: run.bytes ?? 0,
        objetos: run.objetos ?? 0,
        removidos: 0,
      };
    }
    const started = now();
    await repo.markRunning(deps.db, id, started.toISOString());
    // Holding the lease: whatever is in the staging folder is a killed run's leftover.
    await fs.rm(staging, { recursive: true, force: true });
    await fs.mkdir(staging, { recursive: true, mode: 0o700 });

    const dumpFile = path.join(staging, deps.dialect === 'postgres' ? 'banco.pgdump' : 'banco.sqlite');
    const dump = await backupDatabase({ databaseUrl: deps.databaseUrl, dataDir: deps.dataDir }, dumpFile);
    const migracao = await repo.newestMigration(deps.db);
    const keys = await durableKeys(deps.store);
    let objetos = 0;
    const store = deps.store;
    async function* entries(): AsyncGenerator<PackEntry> {
      yield {
        tipo: 'banco',
        chave: path.basename(dumpFile),
        bytes: dump.bytes,
        body: async () => createReadStream(dumpFile),
      };
      for (const key of keys) {
        const got = await store.get(key);
        if (!got) continue; // deleted since it was listed (a removal): not needed
        objetos++;
        yield { tipo: 'objeto', chave: key, bytes: got.size, body: async () => got.body };
      }
    }
    const finish = (files: { chave: string; bytes: number; sha256: string }[]): Manifest => ({
      formato: 'praca-backup',
      versao: 1,
      criado_em: started.toISOString(),
      id_backup: id!,
      dialeto: deps.dialect,
      migracao,
      banco: files[0]!,
      contagens: dump.contagens,
      configuracoes: dump.configuracoes,
      objetos: files.slice(1),
    });
    const archive = path.join(staging, 'arquivo.backup');
    await pipeline(
      encrypt(deps.key, pack(entries(), finish)),
      createWriteStream(archive, { flags: 'wx', mode: 0o600 }),
    );
    const bytes = (await fs.stat(archive)).size;

    const name = `praca-${stamp(started)}-${id}.backup`;
    let arquivo: string;
    let removidos = 0;
    if (o.file) {
      arquivo = path.resolve(o.file);
      await fs.mkdir(path.dirname(arquivo), { recursive: true });
      const tmp = `${arquivo}.${randomToken(6)}.tmp`;
      try {
        await fs.copyFile(archive, tmp);
        const handle = await fs.open(tmp, 'r+');
        await handle.sync().finally(() => handle.close());
        await fs.rename(tmp, arquivo);
      } finally {
        await fs.rm(tmp, { force: true });
      }
    } else if (deps.destination) {
      arquivo = `${ARCHIVES}${name}`;
      await deps.destination.store.put(arquivo, { file: archive }, 'application/octet-stream');
      removidos = await applyRetention(deps.destination.store, deps.destination.retencao, deps.log);
    } else {
      throw new Error('sem BACKUP_STORAGE_URL nem arquivo de destino');
    }
    await repo.markDone(deps.db, id, { at: nowIso(), arquivo, bytes, objetos, removidos });
    deps.log.info({ id_backup: id, arquivo, bytes, objetos, removidos }, 'backup concluído');
    return { id_backup: id, arquivo, bytes, objetos, removidos };
  } catch (err) {
    if (id !== undefined) {
      const text = err instanceof Error ? err.message : String(err);
      await repo.markFailed(deps.db, id, nowIso(), text).catch(() => undefined);
      deps.log.error({ err, id_backup: id }, 'backup falhou');
    }
    throw err;
  } finally {
    await fs.rm(staging, { recursive: true, force: true }).catch(() => undefined);
    await release().catch((err: unknown) => deps.log.warn({ err }, 'backup: trava não liberada'));
  }
}

/** The archives of the backup store, newest first. */
export async function listArchives(store: Store): Promise<string[]> {
  const found = (await store.list(`${ARCHIVES}praca-`))
    .map((key) => ({ key, m: ARCHIVE_NAME.exec(key) }))
    .filter((a) => a.m !== null);
  found.sort((a, b) => b.m![1]!.localeCompare(a.m![1]!) || Number(b.m![2]) - Number(a.m![2]));
  return found.map((a) => a.key);
}

/** Removes the oldest archives beyond `keep`; answers how many went. */
async function applyRetention(store: Store, keep: number, log: FastifyBaseLogger): Promise<number> {
  let removed = 0;
  for (const key of (await listArchives(store)).slice(keep)) {
    try {
      await store.delete(key);
      removed++;
    } catch (err) {
      log.warn({ err, arquivo: key }, 'backup antigo não removido');
    }
  }
  return removed;
}

/**
 * The schedule (BACKUP_CRON, in São Paulo's time): the newest instant it names at or before
 * `at`, as ISO. cron-parser is loaded on first use (a server without backups never needs it).
 */
export async function latestSlot(cron: string, at: Date): Promise<string> {
  const { CronExpressionParser } = await import('cron-parser');
  const e = CronExpressionParser.parse(cron, {
    currentDate: new Date(at.getTime() + 1000),
    tz: 'America/Sao_Paulo',
  });
  return e.prev().toDate().toISOString();
}

/**
 * One look at the schedule (each instance, every minute): the newest due instant gets its run
 * and its job, in one transaction, unless an instance made them already (the instant is unique
 * in `backups`). A run missed while no server ran is made at the next look.
 */
export async function scheduleTick(
  db: Kysely<Database>,
  cron: string,
  enqueue: (trx: Kysely<Database>, id: number) => Promise<void>,
): Promise<number | null> {
  const slot = await latestSlot(cron, now());
  return transaction(db, async (trx) => {
    const id = await repo.claimSlot(trx, slot, nowIso());
    if (id !== null) await enqueue(trx, id);
    return id;
  });
}
