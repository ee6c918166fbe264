import { loadConfig } from '../config.js';
import { createDb } from './index.js';
import { migrateToLatest } from './migrate.js';

const config = loadConfig();
const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
try {
  const done = await migrateToLatest(db.db);
  console.log(`${db.label}: ${done.length ? `migrações aplicadas: ${done.join(', ')}` : 'já atualizado'}`);
} finally {
  await db.close();
}
