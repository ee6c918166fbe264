import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase } from '../src/db/backup.js';
import { bearer, createSellingShop } from './factories.js';
import { dialect, useTestApp } from './helper.js';

/** `npm run backup` / `npm run restore` (issue 11): a round trip gives back the same rows. */
const t = useTestApp();
const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TABLES = [
  'cidades',
  'usuarios',
  'estabelecimentos',
  'usuario_estabelecimentos',
  'campanhas',
  'campanha_estabelecimentos',
  'vendas',
  'cupons',
  'saldos',
  'totais_vendas',
  'auditoria',
  'sessoes',
] as const;

/** Every row of the tables, as JSON, in key order. */
async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1, 2`.execute(
      t.db,
    );
    out[table] = JSON.stringify(rows.rows);
  }
  return out;
}

describe(`backup and restore (${dialect})`, () => {
  it('restores exactly what the backup saw, after later sales and edits', async () => {
    const { id_campanha, people, token, sale } = await createSellingShop(t.db, ['Ana Backup', 'Bia Backup']);
    const sell = async (numero_venda: string, id_usuario: number, valor_venda: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/parceiro/vendas',
        headers: bearer(token),
        payload: sale(numero_venda, id_usuario, valor_venda),
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await sell('BK-1', people[0]!, 250);
    await sell('BK-2', people[1]!, 120);

    const before = await snapshot();
    const file = path.join(t.dataDir, 'backups', `teste.${dialect === 'postgres' ? 'pgdump' : 'db'}`);
    const target = { databaseUrl: t.config.DATABASE_URL, dataDir: t.dataDir };
    expect((await backupDatabase(target, file)).bytes).toBeGreaterThan(0);

    await sell('BK-3', people[0]!, 300);
    await t.db
      .updateTable('campanhas')
      .set({ den_campanha: 'Mudou depois' })
      .where('id_campanha', '=', id_campanha)
      .execute();
    const changed = await snapshot();
    expect(changed.vendas).not.toBe(before.vendas);
    expect(changed.campanhas).not.toBe(before.campanhas);

    await restoreDatabase(target, file);
    expect(await snapshot()).toEqual(before);
    // The restored database still takes sales, numbering after the restored coupons.
    await sell('BK-4', people[1]!, 100);
    const numbers = await t.db
      .selectFrom('cupons')
      .select('numero')
      .where('id_campanha', '=', id_campanha)
      .orderBy('numero')
      .execute();
    expect(numbers.map((n) => Number(n.numero))).toEqual([1, 2, 3, 4]);
  });

  it('refuses a backup cut short and leaves the database as it was', async () => {
    const { people, token, sale } = await createSellingShop(t.db, ['Caio Corte']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/parceiro/vendas',
      headers: bearer(token),
      payload: sale('CUT-1', people[0]!, 200),
    });
    expect(res.statusCode, res.body).toBe(201);
    const target = { databaseUrl: t.config.DATABASE_URL, dataDir: t.dataDir };
    const file = path.join(t.dataDir, 'backups', `inteiro.${dialect === 'postgres' ? 'pgdump' : 'db'}`);
    await backupDatabase(target, file);
    const bytes = fs.readFileSync(file);
    const cut = path.join(t.dataDir, 'backups', `cortado.${dialect === 'postgres' ? 'pgdump' : 'db'}`);
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));

    const before = await snapshot();
    await expect(restoreDatabase(target, cut)).rejects.toThrow();
    // Nothing half restored: every table as before (one transaction on PostgreSQL).
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to restore from a missing file and says so', async () => {
    await expect(
      restoreDatabase(
        { databaseUrl: t.config.DATABASE_URL, dataDir: t.dataDir },
        path.join(t.dataDir, 'nada.db'),
      ),
    ).rejects.toThrow(/backup não encontrado/);
  });

  it('npm run backup without BACKUP_STORAGE_URL writes an encrypted archive named by the date under DATA_DIR/backups', async () => {
    const cli = (env: Record<string, string>, args: string[] = ['src/cli/backup.ts']) =>
      spawnSync(process.execPath, ['--import', 'tsx', ...args], {
        cwd: API_DIR,
        env: {
          ...process.env,
          DATABASE_URL: t.config.DATABASE_URL,
          DATA_DIR: t.dataDir,
          NODE_ENV: 'production',
          ...env,
        },
        encoding: 'utf8',
      });
    await createSellingShop(t.db, ['Ema Linha']); // a database with data of a city
    // Issue 54: never a backup in the clear.
    const refused = cli({ BACKUP_KEY: '' });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/defina BACKUP_KEY/);
    const r = cli({ BACKUP_KEY: 'a'.repeat(40) });
    expect(r.status, r.stderr).toBe(0);
    const m = /backup gravado em (\S+)/.exec(r.stdout);
    expect(m?.[1]).toMatch(/backups\/praca-\d{8}-\d{6}\.backup$/);
    expect(fs.readFileSync(m![1]!).subarray(0, 8).toString()).toBe('PRACABK1');
    // The monthly check restores it into a scratch database; over this one (not empty) it is refused.
    const key = { BACKUP_KEY: 'a'.repeat(40) };
    const checked = cli(key, ['src/cli/restore.ts', '--verificar', m![1]!]);
    expect(checked.status, checked.stderr).toBe(0);
    expect(checked.stdout).toMatch(/^backup verificado: backup de .* tabelas e \d+ linhas conferidas/);
    const over = cli(key, ['src/cli/restore.ts', m![1]!]);
    expect(over.status).toBe(1);
    expect(over.stderr).toMatch(/o banco de destino já tem dados/);
  });
});
