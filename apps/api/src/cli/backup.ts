import { loadConfig } from '../config.js';
import { backupDatabase, defaultBackupPath } from '../db/backup.js';

/** `npm run backup [-- <arquivo>]`: a backup of the configured database (DATABASE_URL / DATA_DIR). */
const config = loadConfig();
const target = { databaseUrl: config.DATABASE_URL, dataDir: config.dataDir };
const out = process.argv[2] ?? defaultBackupPath(target);
try {
  const size = await backupDatabase(target, out);
  console.log(`backup gravado em ${out} (${(size / 1e6).toFixed(1)} MB)`);
} catch (err) {
  console.error(`backup falhou: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
