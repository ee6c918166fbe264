import type { FastifyInstance } from 'fastify';
import { S3Store } from '../lib/storage.js';
import { now } from '../lib/clock.js';
import { ERASURE_LOG_JOB, logErasure, type ErasureEntry } from '../modules/backups/erasure-log.js';
import {
  BACKUP_JOB,
  latestSlot,
  openBackupStore,
  runBackup,
  scheduleTick,
  type BackupDeps,
} from '../modules/backups/service.js';

/** How often each instance looks at the schedule, and how long after the start it first does. */
const TICK_MS = 60_000;
const FIRST_TICK_MS = 30_000;

/**
 * Issue 54: the scheduled backups and the erasure log (modules/backups). With BACKUP_KEY and
 * BACKUP_STORAGE_URL, every instance looks at BACKUP_CRON each minute and the first to see an
 * instant come enqueues its run (a durable job, retried; one instance at a time runs it, under a
 * lease in the database). `BACKUP_CRON=desligado` keeps the backups to `npm run backup`. Without
 * the two settings nothing is scheduled, and the log says so once.
 */
export async function registerBackups(app: FastifyInstance): Promise<void> {
  const c = app.config;
  const destination = openBackupStore(c);
  if (destination instanceof S3Store) app.addHook('onClose', () => destination.close());

  app.jobs.define<ErasureEntry>(
    ERASURE_LOG_JOB,
    async (e) => {
      if (destination) await logErasure(destination, e);
    },
    { maxAttempts: 12, backoffMs: 5_000 },
  );

  if (!destination || !c.BACKUP_KEY) {
    app.jobs.define<{ id_backup: number }>(BACKUP_JOB, async (p) => {
      app.log.error(
        { id_backup: p.id_backup },
        'backup agendado sem BACKUP_KEY e BACKUP_STORAGE_URL: não feito',
      );
    });
    app.addHook('onReady', async () => {
      app.log.warn(
        'backups agendados desligados: defina BACKUP_KEY e BACKUP_STORAGE_URL (docs/deploy.md, "Backups")',
      );
    });
    return;
  }

  const deps: BackupDeps = {
    db: app.db,
    dialect: app.dialect,
    databaseUrl: c.DATABASE_URL,
    dataDir: c.dataDir,
    store: app.storage,
    key: c.BACKUP_KEY,
    destination: { store: destination, retencao: c.BACKUP_RETENCAO },
    log: app.log,
  };
  app.jobs.define<{ id_backup: number }>(
    BACKUP_JOB,
    async (p) => {
      await runBackup(deps, { id: p.id_backup });
    },
    { maxAttempts: 4, backoffMs: 60_000 },
  );

  const cron = c.BACKUP_CRON.trim();
  if (cron === 'desligado') return;
  // A wrong expression stops the start, with its reason.
  await latestSlot(cron, now()).catch((err: unknown) => {
    throw new Error(`BACKUP_CRON inválida (${cron}): ${err instanceof Error ? err.message : String(err)}`);
  });
  let timer: NodeJS.Timeout | undefined;
  const tick = () =>
    void scheduleTick(app.db, cron, (trx, id) => app.jobs.enqueue(trx, BACKUP_JOB, { id_backup: id })).catch(
      (err: unknown) => app.log.error({ err }, 'backup: agenda não consultada'),
    );
  app.addHook('onReady', async () => {
    timer = setTimeout(() => {
      tick();
      timer = setInterval(tick, TICK_MS).unref();
    }, FIRST_TICK_MS).unref();
  });
  app.addHook('preClose', async () => {
    clearTimeout(timer);
    clearInterval(timer);
  });
}
