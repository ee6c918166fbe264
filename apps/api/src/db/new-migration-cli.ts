import { existsSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MIGRATION_TEMPLATE, nextMigrationName, registerMigration } from './new-migration.js';

/**
 * `npm run db:new-migration -- <nome>`: writes migrations/<UTC now YYYY-MM-DDTHHMM>-<nome>.ts
 * from the template, appends it to migrations.lock and registers it in migrate.ts.
 */
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const lockFile = here('./migrations.lock');
const migrateFile = here('./migrate.ts');

const name = process.argv[2] ?? '';
const made = readFileSync(lockFile, 'utf8').split('\n').filter(Boolean);
const full = nextMigrationName(new Date(), made, name);
const file = here(`./migrations/${full}.ts`);
if (existsSync(file)) throw new Error(`${file} já existe`);

writeFileSync(file, MIGRATION_TEMPLATE);
appendFileSync(lockFile, `${full}\n`);
writeFileSync(migrateFile, registerMigration(readFileSync(migrateFile, 'utf8'), full));
console.log(`migração criada: src/db/migrations/${full}.ts (registrada em migrate.ts e migrations.lock)`);
