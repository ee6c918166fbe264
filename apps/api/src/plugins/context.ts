import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { CpfVault } from '../lib/cpf-vault.js';
import { createStore, S3Store, type Store } from '../lib/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated configuration. */
    config: Config;
    /** Kysely on SQLite or PostgreSQL; repositories take it (or a transaction) first. */
    db: Db['db'];
    dialect: Db['dialect'];
    /** Issue 40: how CPFs are looked up and kept (lib/cpf-vault.ts). */
    cpf: CpfVault;
    /** Images, receipts and ticket files: DATA_DIR or S3 (lib/storage.ts). */
    storage: Store;
  }
}

export function registerContext(app: FastifyInstance, config: Config, db: Db): void {
  app.decorate('config', config);
  app.decorate('db', db.db);
  app.decorate('dialect', db.dialect);
  app.decorate('cpf', CpfVault.load(config.CPF_KEY, config.dataDir));
  // Issue 54: a shared store says several instances, whose DATA_DIR is their own: each would
  // create a key of its own there, and a CPF stored by one would not be found by another.
  if (!config.CPF_KEY && config.STORAGE_URL && db.dialect === 'postgres')
    app.log.warn(
      'CPF_KEY não definida: a chave dos CPFs fica em DATA_DIR/chaves/cpf.key desta instância. ' +
        'Com várias instâncias, defina a mesma CPF_KEY em todas (docs/deploy.md).',
    );
  const storage = createStore(config);
  app.decorate('storage', storage);
  app.addHook('onClose', () => {
    if (storage instanceof S3Store) storage.close();
  });
}
