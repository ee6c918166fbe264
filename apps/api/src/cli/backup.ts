import path from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from '../config.js';
import { createDb } from '../db/index.js';
import { nowIso } from '../lib/clock.js';
import { createStore, S3Store } from '../lib/storage.js';
import { BackupOcupado, openBackupStore, runBackup } from '../modules/backups/service.js';

/**
 * `npm run backup [-- <arquivo>]` (issues 11, 54): a backup now, as the scheduled one makes it
 * (modules/backups): the database and the store's durable files in one archive encrypted with
 * BACKUP_KEY, to BACKUP_STORAGE_URL (then the retention), or to the local `<arquivo>` (without
 * BACKUP_STORAGE_URL, DATA_DIR/backups/praca-AAAAMMDD-HHMMSS.backup). Recorded in `backups`.
 */
const config = loadConfig();
if (!config.BACKUP_KEY) {
  console.error(
    'backup recusado: defina BACKUP_KEY (ao menos 32 caracteres), a chave que cifra os backups; ' +
      'guarde-a longe deles (docs/deploy.md, "Backups")',
  );
  process.exit(2);
}
const destination = openBackupStore(config);
const stamp = nowIso().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
const file =
  process.argv[2] ??
  (destination ? undefined : path.join(config.dataDir, 'backups', `praca-${stamp}.backup`));
const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 });
const store = createStore(config);
let code = 0;
try {
  const r = await runBackup(
    {
      db: db.db,
      dialect: db.dialect,
      databaseUrl: config.DATABASE_URL,
      dataDir: config.dataDir,
      store,
      key: config.BACKUP_KEY,
      ...(destination ? { destination: { store: destination, retencao: config.BACKUP_RETENCAO } } : {}),
      log: Fastify({ logger: { level: 'warn' } }).log,
    },
    file ? { file } : {},
  );
  const where = file ? r.arquivo : `${config.BACKUP_STORAGE_URL}/${r.arquivo}`;
  console.log(
    `backup gravado em ${where} (${(r.bytes / 1e6).toFixed(1)} MB, ${r.objetos} arquivos` +
      `${r.removidos ? `; ${r.removidos} backups antigos removidos` : ''})`,
  );
} catch (err) {
  console.error(`backup falhou: ${err instanceof Error ? err.message : String(err)}`);
  code = err instanceof BackupOcupado ? 3 : 1;
} finally {
  await db.close();
  if (store instanceof S3Store) store.close();
  if (destination instanceof S3Store) destination.close();
}
process.exit(code);
