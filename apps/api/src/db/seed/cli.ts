import { loadConfig } from '../../config.js';
import { createStore, S3Store } from '../../lib/storage.js';
import { createDb } from '../index.js';
import { migrateToLatest } from '../migrate.js';
import { seedDemo } from './index.js';

/** `tsx src/db/seed/cli.ts`: migrate, then load the demo programme if the database is empty. */
const config = loadConfig();
const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
const store = createStore(config);
try {
  await migrateToLatest(db.db);
  await seedDemo(db.db, { store, log: (m) => console.log(`${db.label}: ${m}`) });
} finally {
  await db.close();
  if (store instanceof S3Store) store.close();
}
