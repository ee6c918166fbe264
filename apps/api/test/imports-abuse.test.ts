import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { IMPORT_MAX_ROWS, MSG_IMPORTACAO } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import { bearer, createCity, createUser, sessionFor } from './factories.js';
import { useTestApp } from './helper.js';
import { csv, multipart, tinyRowsXlsx, xlsx } from './import-files.js';

/**
 * Issue 52, finding 3: an import is read as a stream in a worker thread, rows counted as they
 * come: an XLSX of millions of tiny rows under IMPORT_MAX_BYTES is 413 without stalling the server (`/health`
 * answers while it is read); an XLSX whose parts say they inflate past
 * IMPORT_MAX_DESCOMPACTADO_BYTES is 413 before reading; one import per city at a time (409).
 * The time and memory targets are bench/'s (bench/README.md).
 */
const t = useTestApp();

async function admin() {
  const city = await createCity(t.db);
  const token = await sessionFor(
    t.db,
    (await createUser(t.db, { admin: true, cod_cidade: city.cod_cidade })).id_usuario,
  );
  return { city, token };
}

describe('imports that would stall the server (issue 52)', () => {
  it('refuses an XLSX of 1.5 M tiny rows (7 MB) with 413 at the 50,001st row while /health keeps answering', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-import-'));
    const file = path.join(dir, 'linhas.xlsx');
    // (2.4 M such rows say they inflate past 100 MB: refused before reading, as the next test.)
    fs.writeFileSync(file, tinyRowsXlsx(1_500_000));
    const bytes = fs.readFileSync(file);
    expect(bytes.length).toBeLessThan(t.config.IMPORT_MAX_BYTES);
    const { city, token } = await admin();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const body = multipart(bytes, 'linhas.xlsx');
    let done = false;
    const slowest: number[] = [];
    const health = (async () => {
      while (!done) {
        const start = performance.now();
        const res = await fetch(`${base}/health`);
        expect(res.status).toBe(200);
        slowest.push(performance.now() - start);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const res = await fetch(`${base}/v1/adm/importacoes/estabelecimentos?cod_cidade=${city.cod_cidade}`, {
      method: 'POST',
      headers: { ...bearer(token), ...body.headers },
      body: body.payload,
    });
    done = true;
    await health;
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      erro: MSG_IMPORTACAO.linhasDemais.replace('{n}', IMPORT_MAX_ROWS.toLocaleString('pt-BR')),
    });
    expect(slowest.length).toBeGreaterThan(0);
    expect(Math.max(...slowest)).toBeLessThan(1_000);
    // The city's lock went with the answer.
    expect(await t.db.selectFrom('importacoes_em_curso').selectAll().execute()).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses an XLSX whose parts say they inflate past IMPORT_MAX_DESCOMPACTADO_BYTES, before reading it', async () => {
    const { city, token } = await admin();
    const bytes = tinyRowsXlsx(10);
    // The sheet's declared size in the central directory: 200 MB.
    const dir = bytes.lastIndexOf(Buffer.from('xl/worksheets/sheet1.xml')) - 46;
    bytes.writeUInt32LE(200 * 1024 * 1024, dir + 24);
    const body = multipart(bytes, 'linhas.xlsx');
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/adm/importacoes/estabelecimentos?cod_cidade=${city.cod_cidade}`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ erro: MSG_IMPORTACAO.descompactadoGrande.replace('{mb}', '100') });
  });

  it('runs one import per city at a time: 409 while the city’s lock is held', async () => {
    const { city, token } = await admin();
    const send = async (file: Buffer, name: string) => {
      const body = multipart(file, name);
      return t.app.inject({
        method: 'POST',
        url: `/v1/adm/importacoes/estabelecimentos?cod_cidade=${city.cod_cidade}`,
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      });
    };
    const file = Buffer.from(csv([['nome'], ['Loja Um']]));
    // Another instance's import of the city, under way.
    await t.db
      .insertInto('importacoes_em_curso')
      .values({ cod_cidade: city.cod_cidade, desde: new Date().toISOString() })
      .execute();
    const busy = await send(file, 'lojas.csv');
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ erro: MSG_IMPORTACAO.importacaoEmCurso });
    await t.db.deleteFrom('importacoes_em_curso').where('cod_cidade', '=', city.cod_cidade).execute();
    expect((await send(file, 'lojas.csv')).statusCode).toBe(200);
    expect((await send(await xlsx([['nome'], ['Loja Dois']]), 'lojas.xlsx')).statusCode).toBe(200);
  });
});
