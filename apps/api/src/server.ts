import './v8-flags.js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadConfig, type Config } from './config.js';
import { createDb, type Db } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo } from './db/seed/index.js';
import { useZodInPortuguese } from './plugins/validation.js';

async function seed(config: Config, db: Db, app: FastifyInstance): Promise<void> {
  if (config.SEED === 'none') return;
  if (await seedDemo(db.db, { store: app.storage, log: (m) => app.log.info(m) }))
    app.log.info('dados de demonstração carregados');
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

useZodInPortuguese();
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
}

const db = createDb({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.dataDir,
  sqliteSynchronous: config.SQLITE_SYNCHRONOUS,
});
let app: FastifyInstance;
try {
  await migrateToLatest(db.db);
  app = await buildApp(config, db);
  await seed(config, db, app);
  await app.listen({ host: config.HOST, port: config.PORT });
} catch (err) {
  console.error(err);
  await db.close().catch(() => undefined);
  fail(`Não foi possível iniciar o servidor (${db.label}).`);
}

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
app.log.info(`Praça no ar em http://${host}:${port}${config.BASE_PATH} (${db.label})`);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: encerrando`);
  try {
    await app.close();
    await db.close();
    process.exit(0);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
