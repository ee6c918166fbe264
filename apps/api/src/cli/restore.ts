import { loadConfig } from '../config.js';
import { restoreDatabase } from '../db/backup.js';

/** `npm run restore -- <arquivo>`: writes a backup over the configured database. */
const config = loadConfig();
const from = process.argv[2];
if (!from) {
  console.error('uso: npm run restore -- <arquivo de backup>');
  process.exit(2);
}
try {
  await restoreDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir }, from);
  console.log(`banco restaurado de ${from}; reinicie o servidor`);
} catch (err) {
  console.error(`restauração falhou: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
