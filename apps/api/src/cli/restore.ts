import fs from 'node:fs';
import Fastify from 'fastify';
import { loadConfig } from '../config.js';
import { databaseIsEmpty, restoreDatabase } from '../db/backup.js';
import { isArchive } from '../lib/backup-cipher.js';
import { createStore, S3Store, type Store } from '../lib/storage.js';
import {
  restoreBackup,
  verifyBackup,
  type RestoreOptions,
  type RestoreReport,
} from '../modules/backups/restore.js';
import { listArchives, openBackupStore } from '../modules/backups/service.js';

/**
 * `npm run restore -- [--verificar] [--substituir] <backup>` (issues 11, 54). `<backup>` is a
 * local file, a name in BACKUP_STORAGE_URL (`praca-….backup`), or `ultimo` (the newest there).
 *
 * - By default the archive goes into the configured database and store, which must be EMPTY
 *   (`--substituir` writes over them), with every check of modules/backups/restore.ts; start the
 *   server only after it ends well.
 * - `--verificar` restores into a scratch database and folder and drops them: the monthly check.
 * - A plain database file of the old `npm run backup` (issue 11) is still restored, database only.
 */
const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const names = args.filter((a) => !a.startsWith('--'));
const unknown = [...flags].filter((f) => f !== '--verificar' && f !== '--substituir');
if (names.length !== 1 || unknown.length) {
  console.error(
    'uso: npm run restore -- [--verificar] [--substituir] <arquivo | nome no BACKUP_STORAGE_URL | ultimo>',
  );
  process.exit(2);
}
const config = loadConfig();
const target = { databaseUrl: config.DATABASE_URL, dataDir: config.dataDir };
const log = Fastify({ logger: { level: 'warn' } }).log;
const backups = openBackupStore(config);
const name = names[0]!;

function print(r: RestoreReport, what: string): void {
  console.log(
    `${what}: backup de ${r.criado_em} (${r.dialeto}); ${r.tabelas} tabelas e ${r.linhas} linhas conferidas; ` +
      `${r.objetos} arquivos com SHA-256 conferido; ${r.bilhetes} arquivos de bilhetes iguais aos hashes publicados` +
      `${what.startsWith('restaurado') ? `; ${r.remocoes} remoções (LGPD) reaplicadas` : ''}`,
  );
  for (const a of r.avisos) console.log(`aviso: ${a}`);
}

async function source(): Promise<RestoreOptions['source']> {
  if (fs.existsSync(name)) return { file: name };
  if (!backups) throw new Error(`backup não encontrado: ${name} (e BACKUP_STORAGE_URL não está definida)`);
  if (name === 'ultimo') {
    const newest = (await listArchives(backups))[0];
    if (!newest) throw new Error(`nenhum backup em ${config.BACKUP_STORAGE_URL}`);
    return { store: backups, key: newest };
  }
  return { store: backups, key: name.startsWith('backups/') ? name : `backups/${name}` };
}

async function legacy(file: string): Promise<void> {
  if (flags.has('--verificar')) throw new Error('--verificar lê só os backups cifrados (issue 54)');
  if (!flags.has('--substituir') && !(await databaseIsEmpty(target))) {
    throw new Error('o banco de destino já tem dados: restaure num banco vazio, ou use --substituir');
  }
  await restoreDatabase(target, file);
  console.log(`banco restaurado de ${file} (backup antigo: só o banco, sem os arquivos); inicie o servidor`);
}

let code = 0;
let store: Store | undefined;
try {
  const from = await source();
  const head = 'file' in from ? readHead(from.file) : null;
  if (head && !isArchive(head)) await legacy((from as { file: string }).file);
  else {
    if (!config.BACKUP_KEY) throw new Error('defina BACKUP_KEY, a chave com que o backup foi cifrado');
    if (flags.has('--verificar')) {
      print(await verifyBackup({ source: from, key: config.BACKUP_KEY, target, log }), 'backup verificado');
    } else {
      store = createStore(config);
      const report = await restoreBackup({
        source: from,
        key: config.BACKUP_KEY,
        target,
        store,
        erasureLog: backups,
        substituir: flags.has('--substituir'),
        log,
      });
      print(report, 'restaurado');
      console.log('tudo conferido: inicie o servidor');
    }
  }
} catch (err) {
  console.error(`restauração falhou: ${err instanceof Error ? err.message : String(err)}`);
  code = 1;
} finally {
  if (store instanceof S3Store) store.close();
  if (backups instanceof S3Store) backups.close();
}
process.exit(code);

function readHead(file: string): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const b = Buffer.alloc(8);
    const n = fs.readSync(fd, b, 0, 8, 0);
    return b.subarray(0, n);
  } finally {
    fs.closeSync(fd);
  }
}
