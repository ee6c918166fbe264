import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/index.js';
import { bearer, createSellingShop, createUser, sessionFor } from './factories.js';
import { dialect, useTestApp } from './helper.js';

/**
 * Issue 54: a large export is stored in the shared store (`STORAGE_URL=file:///…`), not in the
 * DATA_DIR of the instance whose worker wrote it, so its download works on any instance. Two
 * apps over one database and one shared directory, each with its own DATA_DIR: the export is
 * asked for and written on the first (the second's worker is stopped), and downloaded whole
 * from the second. Before, the second answered 410.
 */
const IMEDIATA_MAX = 5;
const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-loja-'));
const STORAGE_URL = pathToFileURL(shared).href;
const t = useTestApp({ EXPORTACAO_IMEDIATA_MAX: String(IMEDIATA_MAX), STORAGE_URL });

describe(`an export written on one instance is downloaded from another (${dialect})`, () => {
  let other: FastifyInstance;
  let otherDb: ReturnType<typeof createDb>;
  let otherDir: string;

  beforeAll(async () => {
    otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-outra-'));
    const config = loadConfig({
      ...Object.fromEntries(
        Object.entries(t.config).filter(([k, v]) => /^[A-Z][A-Z0-9_]*$/.test(k) && typeof v === 'string'),
      ),
      INIT_CWD: otherDir,
      DATA_DIR: otherDir,
      WEB_DIST: path.join(otherDir, 'sem-web'),
      LOG_LEVEL: 'silent',
    });
    expect(config.dataDir).toBe(otherDir);
    otherDb = createDb({ databaseUrl: config.DATABASE_URL, dataDir: otherDir, poolSize: 2 });
    other = await buildApp(config, otherDb);
    await other.ready();
    // Only the first instance runs jobs.
    await other.jobs.stop();
  });
  afterAll(async () => {
    await other?.close();
    await otherDb?.close();
    fs.rmSync(otherDir, { recursive: true, force: true });
    fs.rmSync(shared, { recursive: true, force: true });
  });

  it('stores the file in the shared directory, private, and serves it whole from the other instance', async () => {
    const w = await createSellingShop(t.db, ['Ana Compartilhada']);
    const admin = await createUser(t.db, { cod_cidade: w.city.cod_cidade, admin: true });
    const token = await sessionFor(t.db, admin.id_usuario);
    for (let i = 0; i < IMEDIATA_MAX + 7; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/parceiro/vendas',
        headers: bearer(w.token),
        payload: w.sale(`SH-${i}`, w.people[0]!, 20 + i),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const asked = await t.app.inject({
      url: `/v1/adm/vendas?formato=csv&id_estabelecimento=${w.shop.id_estabelecimento}`,
      headers: bearer(token),
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { id_exportacao } = asked.json<{ id_exportacao: number }>();
    await t.app.jobs.idle();

    const row = await t.db
      .selectFrom('exportacoes')
      .select(['situacao', 'arquivo'])
      .where('id_exportacao', '=', id_exportacao)
      .executeTakeFirstOrThrow();
    expect(row.situacao).toBe('pronta');
    // In the shared directory's private folder, and in neither instance's DATA_DIR.
    const stored = path.join(shared, 'exportacoes', row.arquivo!);
    expect(fs.statSync(stored).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(shared, 'exportacoes')).mode & 0o777).toBe(0o700);
    expect(fs.existsSync(path.join(t.dataDir, 'exportacoes'))).toBe(false);
    expect(fs.existsSync(path.join(otherDir, 'exportacoes'))).toBe(false);
    expect(fs.readdirSync(path.join(t.dataDir, 'tmp'))).toEqual([]);

    const here = await t.app.inject({
      url: `/v1/adm/exportacoes/${id_exportacao}/arquivo`,
      headers: bearer(token),
    });
    const there = await other.inject({
      url: `/v1/adm/exportacoes/${id_exportacao}/arquivo`,
      headers: bearer(token),
    });
    expect(there.statusCode, there.body).toBe(200);
    expect(there.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(there.headers['content-length']).toBe(String(fs.statSync(stored).size));
    expect(there.rawPayload.equals(fs.readFileSync(stored))).toBe(true);
    expect(there.rawPayload.equals(here.rawPayload)).toBe(true);
    // The header and every sale.
    expect(there.body.split('\r\n').filter((l) => l !== '')).toHaveLength(IMEDIATA_MAX + 7 + 1);

    // Expired: the other instance's sweep removes it from the store.
    await t.db
      .updateTable('exportacoes')
      .set({ expira_em: '2000-01-01T00:00:00.000Z' })
      .where('id_exportacao', '=', id_exportacao)
      .execute();
    const gone = await other.inject({
      url: `/v1/adm/exportacoes/${id_exportacao}/arquivo`,
      headers: bearer(token),
    });
    expect(gone.statusCode).toBe(410);
    expect(fs.existsSync(stored)).toBe(false);
  });
});
