import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Apuracao } from '@praca/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseCounts, databaseIsEmpty, pgDumpRefusal } from '../src/db/backup.js';
import { createDb } from '../src/db/index.js';
import type { Database } from '../src/db/types.js';
import { keptSetting } from '../src/db/settings.js';
import { decrypt } from '../src/lib/backup-cipher.js';
import { randomToken, sha256Hex } from '../src/lib/crypto.js';
import { qrKey } from '../src/lib/qr-key.js';
import { LocalStore, S3Store, type Store } from '../src/lib/storage.js';
import { newCode } from '../src/modules/account/codes.js';
import { unpack } from '../src/modules/backups/archive.js';
import { countRuns } from '../src/modules/backups/repository.js';
import { restoreBackup, verifyBackup } from '../src/modules/backups/restore.js';
import {
  BACKUP_JOB,
  BackupOcupado,
  listArchives,
  runBackup,
  scheduleTick,
  type BackupDeps,
} from '../src/modules/backups/service.js';
import { resolveVapidKeys } from '../src/modules/notifications/push.js';
import { agendamento, resultByTwo } from './apuracao-helpers.js';
import { bearer, CLIENT_PASSWORD, createSellingShop, createUser, sessionFor } from './factories.js';
import { createTestApp, dialect, useTestApp } from './helper.js';
import { startFakeS3 } from './s3-server.js';
import { loadConfig } from '../src/config.js';

/**
 * Issue 54: backups that restore. A city with sales, coupons, an apuração `agendada` and one
 * `apurada`, files in the store, is backed up by the scheduled job and restored into a fresh
 * database and a fresh store: every table's rows, every coupon and every ticket file's hash come
 * back; a person removed after the backup stays removed; no key is in the archive. A wrong
 * BACKUP_KEY and a cut archive are refused with nothing written; of two runs at once one goes
 * through; retention keeps the newest N; a failed run leaves no file behind; the same goes to and
 * comes back from S3-compatible storage (a tiny S3 on 127.0.0.1).
 */
const KEY = 'chave-dos-backups-de-teste-com-mais-de-32-caracteres';
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-bk-'));
const backupDir = path.join(scratch, 'backups');
const t = useTestApp({
  BACKUP_KEY: KEY,
  BACKUP_STORAGE_URL: pathToFileURL(backupDir).href,
  BACKUP_CRON: 'desligado',
});
const log = Fastify({ logger: { level: 'silent' } }).log;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const d of drops) await d().catch(() => undefined);
  fs.rmSync(scratch, { recursive: true, force: true });
});

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.PG_TEST_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database of this run's dialect and a fresh folder store. */
async function freshTarget(): Promise<{ databaseUrl: string; dataDir: string; store: Store }> {
  const dataDir = fs.mkdtempSync(path.join(scratch, 'destino-'));
  let databaseUrl = `sqlite:${path.join(dataDir, 'praca.db')}`;
  if (dialect === 'postgres') {
    const name = `praca_r_${randomToken(8)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}`;
    await adminQuery(`create database ${name}`);
    drops.push(() => adminQuery(`drop database if exists ${name} with (force)`));
    const url = new URL(process.env.PG_TEST_URL ?? '');
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  return { databaseUrl, dataDir, store: new LocalStore(path.join(dataDir, 'arquivos')) };
}

const deps = (o: Partial<BackupDeps> = {}): BackupDeps => ({
  db: t.db,
  dialect,
  databaseUrl: t.config.DATABASE_URL,
  dataDir: t.dataDir,
  store: t.app.storage,
  key: KEY,
  destination: { store: new LocalStore(backupDir), retencao: 50 },
  log,
  ...o,
});

/** Every row of `cupons`, in order, as JSON. */
const coupons = async (db: Kysely<Database>) =>
  JSON.stringify(
    (await sql<Record<string, unknown>>`select * from cupons order by id_cupom`.execute(db)).rows,
  );

const archiveFile = (key: string) => path.join(backupDir, ...key.split('/'));

/** The archive's plain bytes, and its dump as text a secret would show in. */
async function plainContents(file: string): Promise<{ all: Buffer; dump: string }> {
  const pieces: Buffer[] = [];
  for await (const p of decrypt(KEY, fs.createReadStream(file) as AsyncIterable<Buffer>)) pieces.push(p);
  const dir = fs.mkdtempSync(path.join(scratch, 'aberto-'));
  async function* again() {
    yield* decrypt(KEY, fs.createReadStream(file) as AsyncIterable<Buffer>);
  }
  const { banco } = await unpack(again(), dir);
  let dump = fs.readFileSync(banco).toString('latin1');
  if (dialect === 'postgres') {
    const r = spawnSync('pg_restore', ['--file=-', banco], { encoding: 'utf8', maxBuffer: 1 << 28 });
    expect(r.status, r.stderr).toBe(0);
    dump = r.stdout;
  }
  return { all: Buffer.concat(pieces), dump };
}

describe(`backups that restore (issue 54, ${dialect})`, () => {
  let archive = '';

  it('restores a city whole into a fresh database and store; a person removed after the backup stays removed; no key inside', async () => {
    // A campaign with sales and an apuração apurada, another with one agendada.
    const a = await createSellingShop(t.db, ['Bia Cópia', 'Caio Cópia']);
    const b = await createSellingShop(t.db, ['Dora Cópia']);
    const ana = await createUser(t.db, { cod_cidade: a.city.cod_cidade, nome: 'Ana Removida Depois' });
    const sell = async (s: typeof a, n: string, id: number, valor: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/parceiro/vendas',
        headers: bearer(s.token),
        payload: s.sale(n, id, valor),
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await sell(a, 'BR-1', a.people[0]!, 300);
    await sell(a, 'BR-2', a.people[1]!, 200);
    await sell(a, 'BR-3', ana.id_usuario, 100);
    await sell(b, 'BR-4', b.people[0]!, 400);
    const admins = await Promise.all(
      [a, a, b].map(async (s) =>
        sessionFor(t.db, (await createUser(t.db, { cod_cidade: s.city.cod_cidade, admin: true })).id_usuario),
      ),
    );
    const schedule = async (id_campanha: number, token: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/adm/apuracoes',
        headers: bearer(token),
        payload: agendamento(id_campanha),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Apuracao>();
    };
    const apurada = await schedule(a.id_campanha, admins[0]!);
    const decided = await resultByTwo(
      t.app,
      apurada.id_apuracao,
      apurada.data_concurso,
      [admins[0]!, admins[1]!],
      ['12345', '67890', '11111', '22222', '33333'],
    );
    expect(decided.statusCode, decided.body).toBe(200);
    const agendada = await schedule(b.id_campanha, admins[2]!);
    const status = await t.db
      .selectFrom('apuracoes')
      .select(['id_apuracao', 'status', 'arquivo', 'hash_bilhetes'])
      .where('id_apuracao', 'in', [apurada.id_apuracao, agendada.id_apuracao])
      .orderBy('id_apuracao')
      .execute();
    expect(status.map((s) => s.status)).toEqual(['apurada', 'agendada']);

    // Files: an image, Ana's receipt photo; the server's keys kept in the database.
    const png = Buffer.from(`imagem ${randomToken(8)}`);
    await t.app.storage.put(`images/imgest/loja-${randomToken(6)}.png`, png, 'image/png');
    const receipt = `comprovantes/${ana.id_usuario}-${'ab'.repeat(16)}.png`;
    await t.app.storage.put(receipt, Buffer.from('recibo da Ana'), 'image/png');
    const secrets = [
      KEY,
      await qrKey(t.db, undefined)(),
      (await resolveVapidKeys(t.db, t.config)).privateKey,
      await keptSetting(t.db, 'cpf_comprovacao_links', () => randomToken(32)),
    ];
    const cpfKeyFile = fs.readFileSync(path.join(t.dataDir, 'chaves', 'cpf.key'));

    // The schedule's instant comes: one run, by the durable job.
    const enqueue = (trx: Kysely<Database>, id: number) =>
      t.app.jobs.enqueue(trx, BACKUP_JOB, { id_backup: id });
    const id = await scheduleTick(t.db, '0 3 * * *', enqueue);
    expect(id).not.toBeNull();
    expect(await scheduleTick(t.db, '0 3 * * *', enqueue)).toBeNull(); // another instance, same instant
    await t.app.jobs.idle();
    const run = await t.db
      .selectFrom('backups')
      .selectAll()
      .where('id_backup', '=', id!)
      .executeTakeFirstOrThrow();
    expect(run, run.erro ?? '').toMatchObject({ situacao: 'ok', origem: 'agendado' });
    expect(run.objetos).toBeGreaterThanOrEqual(4); // two ticket files, the image, the receipt
    archive = run.arquivo!;
    expect(fs.statSync(archiveFile(archive)).size).toBe(Number(run.bytes));

    // No key in the archive, nor in its database (PostgreSQL's as SQL text).
    const { all, dump } = await plainContents(archiveFile(archive));
    for (const s of secrets) {
      expect(all.includes(s), 'a key in the archive').toBe(false);
      expect(dump.includes(s), 'a key in the dump').toBe(false);
    }
    expect(all.includes(cpfKeyFile)).toBe(false);
    expect(all.includes(png)).toBe(true); // (the search does find what is there)

    // After the backup: Ana removes her account (LGPD), through the API.
    const code = newCode();
    await t.db
      .insertInto('codigos')
      .values({
        id_usuario: ana.id_usuario,
        finalidade: 'remocao',
        codigo_hash: sha256Hex(code),
        expira_em: new Date(Date.now() + 3_600_000).toISOString(),
        usado_em: null,
      })
      .execute();
    const removed = await t.app.inject({
      method: 'POST',
      url: '/v1/usuarios/remocaousuario',
      payload: { code, senha: CLIENT_PASSWORD, senha2: CLIENT_PASSWORD },
    });
    expect(removed.statusCode, removed.body).toBe(202);
    await t.app.jobs.idle(); // the erasure log's entry
    const source = {
      counts: await databaseCounts({ databaseUrl: t.config.DATABASE_URL, dataDir: t.dataDir }),
      coupons: await coupons(t.db),
      ana: await t.db
        .selectFrom('usuarios')
        .selectAll()
        .where('id_usuario', '=', ana.id_usuario)
        .executeTakeFirst(),
    };
    expect(source.ana?.removido_em).not.toBeNull();

    // Restored into a fresh database and a fresh store.
    const target = await freshTarget();
    const report = await restoreBackup({
      source: { store: new LocalStore(backupDir), key: archive },
      key: KEY,
      target,
      store: target.store,
      erasureLog: new LocalStore(backupDir),
      log,
    });
    expect(report).toMatchObject({ bilhetes: 2, remocoes: 1, avisos: [] });
    const restored = createDb({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, poolSize: 2 });
    try {
      const counts = await databaseCounts(target);
      // Every table, but the job queue (the snapshot holds the backup's own job, which finds its
      // run done) and the rate windows (the removal's password check).
      const { tarefas: _a, limites_tentativas: _b, ...sourceCounts } = source.counts;
      const { tarefas: _c, limites_tentativas: _d, ...restoredCounts } = counts;
      expect(restoredCounts).toEqual(sourceCounts);
      expect(Object.keys(restoredCounts).length).toBeGreaterThan(40);
      expect(await coupons(restored.db)).toBe(source.coupons);
      for (const s of status) {
        const file = await target.store.read(s.arquivo);
        expect(file && sha256(file)).toBe(s.hash_bilhetes);
        expect(sha256((await t.app.storage.read(s.arquivo))!)).toBe(s.hash_bilhetes);
      }
      // Ana stays removed, as of the same instant; her receipt's photo is gone.
      const again = await restored.db
        .selectFrom('usuarios')
        .selectAll()
        .where('id_usuario', '=', ana.id_usuario)
        .executeTakeFirstOrThrow();
      expect(again).toMatchObject({
        nome: source.ana!.nome,
        email: null,
        senha_hash: null,
        removido_em: source.ana!.removido_em,
      });
      expect(await target.store.exists(receipt)).toBe(false);
      // The run that wrote the archive reads done; no lease of the old database holds.
      const runs = await restored.db.selectFrom('backups').select(['id_backup', 'situacao']).execute();
      expect(runs).toEqual([{ id_backup: id, situacao: 'ok' }]);
    } finally {
      await restored.close();
    }

    // Refused over a database that now holds data; the monthly check restores into scratch.
    await expect(
      restoreBackup({
        source: { file: archiveFile(archive) },
        key: KEY,
        target,
        store: target.store,
        erasureLog: null,
        log,
      }),
    ).rejects.toThrow(/já tem dados/);
    const checked = await verifyBackup({
      source: { file: archiveFile(archive) },
      key: KEY,
      target: { databaseUrl: t.config.DATABASE_URL, dataDir: t.dataDir },
      log,
    });
    expect(checked).toMatchObject({ bilhetes: 2, objetos: Number(run.objetos), remocoes: 0 });
  }, 120_000);

  it('refuses a wrong BACKUP_KEY and an archive cut short, writing nothing', async () => {
    expect(archive).not.toBe('');
    const bytes = fs.readFileSync(archiveFile(archive));
    const target = await freshTarget();
    const attempt = (file: string, key = KEY) =>
      restoreBackup({ source: { file }, key, target, store: target.store, erasureLog: null, log });
    await expect(attempt(archiveFile(archive), `${KEY}-outra`)).rejects.toThrow(
      'a BACKUP_KEY não é a chave deste backup',
    );
    // Cut anywhere: mid-chunk, and exactly at the end of a whole chunk (56-byte header).
    for (const length of [Math.floor(bytes.length * 0.6), 56 + 65_552, bytes.length - 1]) {
      const cut = path.join(scratch, `cortado-${length}.backup`);
      fs.writeFileSync(cut, bytes.subarray(0, length));
      await expect(attempt(cut)).rejects.toThrow(/incompleto ou foi alterado/);
    }
    // One byte changed in the middle.
    const altered = Buffer.from(bytes);
    altered[Math.floor(altered.length / 2)]! ^= 1;
    fs.writeFileSync(path.join(scratch, 'alterado.backup'), altered);
    await expect(attempt(path.join(scratch, 'alterado.backup'))).rejects.toThrow(
      /incompleto ou foi alterado/,
    );
    expect(await databaseIsEmpty(target)).toBe(true);
    expect(await target.store.list('apuracoes/')).toEqual([]);
    // A store that already holds a city's files is refused too, before the database is touched.
    await target.store.put('images/imglog/outra-cidade.png', Buffer.from('x'), 'image/png');
    await expect(attempt(archiveFile(archive))).rejects.toThrow(/o armazenamento de destino já tem arquivos/);
    expect(await databaseIsEmpty(target)).toBe(true);
  }, 60_000);

  it('lets one of two runs at once through (a lease in the database); a dead holder’s lease is taken over', async () => {
    const before = await listArchives(new LocalStore(backupDir));
    const runsBefore = await countRuns(t.db);
    const results = await Promise.allSettled([runBackup(deps()), runBackup(deps())]);
    const done = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(done).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(BackupOcupado);
    expect(await listArchives(new LocalStore(backupDir))).toHaveLength(before.length + 1);
    // Each run is counted in the database (a refused one is no run).
    expect(await countRuns(t.db)).toEqual({ ...runsBefore, ok: runsBefore.ok + 1 });

    await t.db
      .insertInto('travas')
      .values({ nome: 'backup', dono: 'instancia-morta', ate: new Date(Date.now() - 1000).toISOString() })
      .execute();
    await expect(runBackup(deps())).resolves.toMatchObject({ removidos: 0 });
    expect(await t.db.selectFrom('travas').selectAll().execute()).toEqual([]);
  }, 60_000);

  it('keeps the newest BACKUP_RETENCAO archives, and a failed run leaves no file and says why', async () => {
    const own = path.join(scratch, 'retencao');
    const store = new LocalStore(own);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await runBackup(deps({ destination: { store, retencao: 2 } }))).id_backup);
    const kept = await listArchives(store);
    expect(kept.map((k) => Number(/-(\d+)\.backup$/.exec(k)![1]))).toEqual([ids[2], ids[1]]);
    expect(
      (
        await t.db
          .selectFrom('backups')
          .select('removidos')
          .where('id_backup', '=', ids[2]!)
          .executeTakeFirst()
      )?.removidos,
    ).toBe(1);

    // A store file that cannot be read half-way: the run fails, its files go.
    await t.app.storage.put('sorteios/999999.csv', Buffer.alloc(200_000, 'x'), 'text/csv');
    const real = t.app.storage;
    const broken: Store = {
      kind: real.kind,
      put: (...a) => real.put(...a),
      read: (k) => real.read(k),
      exists: (k) => real.exists(k),
      signature: (k) => real.signature(k),
      delete: (k) => real.delete(k),
      list: (p) => real.list(p),
      get: async (key) => {
        const got = await real.get(key);
        if (!got || key !== 'sorteios/999999.csv') return got;
        got.body.destroy(new Error('disco com defeito'));
        return got;
      },
    };
    await expect(runBackup(deps({ store: broken, destination: { store, retencao: 2 } }))).rejects.toThrow(
      /disco com defeito/,
    );
    await t.app.storage.delete('sorteios/999999.csv');
    const failed = await t.db
      .selectFrom('backups')
      .select(['situacao', 'erro'])
      .orderBy('id_backup', 'desc')
      .executeTakeFirstOrThrow();
    expect(failed).toEqual({ situacao: 'falhou', erro: 'disco com defeito' });
    expect(fs.readdirSync(path.join(own, 'backups')).sort()).toEqual(kept.map((k) => k.slice(8)).sort());
    expect(fs.existsSync(path.join(t.dataDir, 'backups', 'em-curso'))).toBe(false);
  }, 60_000);

  it('goes to S3-compatible storage too: retention there, no temporary object left, nothing readable, and it restores', async () => {
    // BACKUP_STORAGE_URL=s3://…: the same Store code as the folder, through a tiny S3 on 127.0.0.1.
    const s3 = await startFakeS3('praca-backups');
    const store = new S3Store({
      bucket: s3.bucket,
      prefix: 'prefeitura',
      endpoint: s3.url,
      region: 'us-east-1',
      forcePathStyle: true,
      accessKeyId: 'teste',
      secretAccessKey: 'teste-segredo',
    });
    try {
      const { people, token, sale } = await createSellingShop(t.db, ['Sara Nuvem']);
      const sold = await t.app.inject({
        method: 'POST',
        url: '/v1/parceiro/vendas',
        headers: bearer(token),
        payload: sale('S3-1', people[0]!, 400),
      });
      expect(sold.statusCode, sold.body).toBe(201);
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await runBackup(deps({ destination: { store, retencao: 2 } })));
      const kept = await listArchives(store);
      expect(kept).toEqual([runs[2]!.arquivo, runs[1]!.arquivo]);
      // Only the two archives are in the bucket, under the prefix, each whole and encrypted.
      expect([...s3.objects.keys()].sort()).toEqual(kept.map((k) => `prefeitura/${k}`).sort());
      const body = s3.objects.get(`prefeitura/${kept[0]}`)!.body;
      expect(body.length).toBe(runs[2]!.bytes);
      expect(body.includes(Buffer.from('Sara Nuvem'))).toBe(false);
      expect(s3.requests.every((r) => r.authorization?.startsWith('AWS4-HMAC-SHA256'))).toBe(true);

      const target = await freshTarget();
      const report = await restoreBackup({
        source: { store, key: kept[0]! },
        key: KEY,
        target,
        store: target.store,
        erasureLog: store,
        log,
      });
      expect(report.avisos).toEqual([]);
      const restored = createDb({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, poolSize: 2 });
      try {
        expect(await coupons(restored.db)).toBe(await coupons(t.db));
      } finally {
        await restored.close();
      }
    } finally {
      store.close();
      await s3.close();
    }
  }, 120_000);

  it.skipIf(dialect === 'postgres')(
    'without BACKUP_KEY and BACKUP_STORAGE_URL schedules nothing and says so once; the backups go apart from the files',
    async () => {
      const lines: string[] = [];
      const logStream = { write: (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)) };
      const other = await createTestApp({ LOG_LEVEL: 'warn', BACKUP_KEY: KEY }, { logStream });
      await other.close();
      expect(lines.filter((l) => l.includes('backups agendados desligados'))).toHaveLength(1);
      const dir = pathToFileURL(path.join(scratch, 'mesmo')).href;
      expect(() => loadConfig({ STORAGE_URL: dir, BACKUP_STORAGE_URL: dir })).toThrow(
        /BACKUP_STORAGE_URL: use um lugar separado/,
      );
      expect(() => loadConfig({ BACKUP_CRON: 'toda noite' })).toThrow(/BACKUP_CRON/);
    },
  );

  it('refuses a pg_dump older than the server, naming the client to install', () => {
    expect(pgDumpRefusal('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)', 150020)).toBeNull();
    expect(pgDumpRefusal('pg_dump (PostgreSQL) 17.2', 150020)).toBeNull();
    expect(pgDumpRefusal('pg_dump (PostgreSQL) 15.20', 160004)).toBe(
      'o pg_dump instalado é o 15 e o servidor PostgreSQL é o 16: instale o cliente do PostgreSQL 16 ou mais ' +
        'novo (por exemplo, o pacote postgresql-client-16) e rode de novo',
    );
  });
});
