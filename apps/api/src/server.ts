import './v8-flags.js';
import type { FastifyInstance } from 'fastify';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { loadConfig, type Config } from './config.js';
import { createDb, type Db } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo } from './db/seed/index.js';
import { watchClockFile } from './lib/clock.js';
import { closeGracefully } from './lib/shutdown.js';
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

// Issue 54: a test's clock shared by several processes (never in production: config.ts).
if (config.TEST_CLOCK_FILE) watchClockFile(config.TEST_CLOCK_FILE);

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

/**
 * Issue 54: graceful restarts (close-with-grace). On SIGTERM or SIGINT: no new connections, 503
 * to new requests on open ones, the requests in flight and the running jobs given
 * SHUTDOWN_TIMEOUT_MS to finish (jobs still running then go back to the queue), the database
 * closed, exit 0. A second signal within two seconds is the same stop reaching this process twice
 * (a Ctrl-C reaches `npm run start:cluster`'s workers and its primary, which passes it on as
 * SIGTERM): ignored; a later one stops at once (exit 1), as does a shutdown that overruns its
 * budget by five seconds. An uncaught error closes the same way and exits 1.
 */
const timeoutMs = config.SHUTDOWN_TIMEOUT_MS;
const grace = closeWithGrace(
  {
    delay: timeoutMs + 5_000,
    skip: ['SIGTERM', 'SIGINT'],
    logger: { error: (m: unknown) => app.log.error(m) },
  },
  async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'erro não tratado: encerrando');
    else app.log.info(`${signal ?? 'encerramento'}: até ${timeoutMs} ms para o que está em andamento`);
    await closeGracefully(app, timeoutMs);
    await db.close();
    app.log.info('encerrado');
  },
);
let stopAt = 0;
function onStop(signal: NodeJS.Signals): void {
  if (stopAt === 0) {
    stopAt = Date.now();
    app.log.info(`${signal} recebido`);
    void grace.close();
  } else if (Date.now() - stopAt > 2_000) {
    app.log.error(`${signal} de novo: encerrando já`);
    process.exit(1);
  }
}
process.on('SIGTERM', onStop);
process.on('SIGINT', onStop);
