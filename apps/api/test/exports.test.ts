import fs from 'node:fs';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  createSeller,
  createSellingShop,
  createShop,
  createUser,
  createWinner,
  day,
  sessionFor,
} from './factories.js';
import { useTestApp } from './helper.js';

/**
 * Exports of the admin lists (issue 39, decision 048): `?formato=csv|xlsx` on each list route,
 * every row of the filtered list, the list's own authorisation, an audit entry; past
 * EXPORTACAO_IMEDIATA_MAX rows, a background job with progress and a private download.
 */
const IMEDIATA_MAX = 20;
const t = useTestApp({ EXPORTACAO_IMEDIATA_MAX: String(IMEDIATA_MAX) });

const BOM = '\uFEFF';

/** The CSV's rows split into cells, quotes undone (no line breaks inside cells here). */
const rowsOf = (body: string) =>
  body
    .replace(BOM, '')
    .split('\r\n')
    .filter((l) => l !== '')
    .map((l) =>
      [...l.matchAll(/(?:^|;)("(?:[^"]|"")*"|[^;]*)/g)].map((m) =>
        m[1]!.replace(/^"(.*)"$/s, '$1').replace(/""/g, '"'),
      ),
    );

/** A city with a selling shop, its admin, and sales to three people (one named as a formula). */
async function world() {
  const w = await createSellingShop(t.db, ['Ana Souza', '=HYPERLINK("http://x";"clique")', '@SUM(1+1)']);
  const admin = await createUser(t.db, { cod_cidade: w.city.cod_cidade, admin: true });
  const adminToken = await sessionFor(t.db, admin.id_usuario);
  const sales: [string, number, number][] = [
    ['V-1', w.people[0]!, 1234.5],
    ['V-2', w.people[1]!, 80],
    ['-3+2', w.people[2]!, 99.99],
  ];
  for (const [numero, pessoa, valor] of sales) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/parceiro/vendas',
      headers: bearer(w.token),
      payload: w.sale(numero, pessoa, valor),
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  return { ...w, admin, adminToken };
}

describe('CSV exports', () => {
  it('answers the shop sales list as a Brazilian CSV: BOM, header, ;, decimal comma, formulas escaped', async () => {
    const w = await world();
    const res = await t.app.inject({
      url: `/v1/parceiro/vendas?id_estabelecimento=${w.shop.id_estabelecimento}&formato=csv&limite=1`,
      headers: bearer(w.adminToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="vendas-estabelecimento-${w.shop.id_estabelecimento}-\\d{4}-\\d{2}-\\d{2}\\.csv"`,
      ),
    );
    expect(res.body.startsWith(BOM)).toBe(true);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = rowsOf(res.body);
    expect(header).toEqual([
      'ID da venda',
      'Data',
      'Número da venda',
      'ID da campanha',
      'Campanha',
      'ID do estabelecimento',
      'Estabelecimento',
      'ID do participante',
      'Participante',
      'Vendedor',
      'Valor',
      'Pontos',
      'Cashback',
      'Cupons',
      'Aguardando resgate',
    ]);
    // Every row (limite=1 is the screen's page, not the export's), the list's order.
    expect(rows).toHaveLength(3);
    const byNumber = Object.fromEntries(rows.map((r) => [r[2], r]));
    const [y, m, d] = day(-1).split('-');
    expect(byNumber['V-1']![1]).toBe(`${d}/${m}/${y}`);
    expect(byNumber['V-1']![10]).toBe('1234,50');
    expect(byNumber['V-2']![10]).toBe('80,00');
    // OWASP: a cell starting with = + - @ becomes text with a leading apostrophe.
    expect(byNumber["'-3+2"]).toBeDefined();
    expect(byNumber["'-3+2"]![8]).toBe("'@SUM(1+1)");
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"";""clique"")"`);
    expect(res.body).not.toMatch(/;=|;@|;\+/);
  });

  it('records each export in the audit log: who, which list, filters and rows', async () => {
    const w = await world();
    const res = await t.app.inject({
      url: `/v1/adm/vendas?cod_cidade=${w.city.cod_cidade}&id_estabelecimento=${w.shop.id_estabelecimento}&formato=csv`,
      headers: bearer(w.adminToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    const entry = await t.db
      .selectFrom('auditoria')
      .selectAll()
      .where('id_usuario', '=', w.admin.id_usuario)
      .where('acao', '=', 'exportar')
      .executeTakeFirstOrThrow();
    expect(entry.entidade).toBe('exportacao');
    expect(entry.id_entidade).toBe('vendas-cidade');
    expect(JSON.parse(entry.depois!)).toEqual({
      lista: 'vendas-cidade',
      formato: 'csv',
      filtros: { cod_cidade: w.city.cod_cidade, id_estabelecimento: w.shop.id_estabelecimento },
      linhas: 3,
    });
  });

  it('honours the list filters: campaign, shop and days of the city sales list', async () => {
    const w = await world();
    const other = await createShop(t.db, { cod_cidade: w.city.cod_cidade });
    const get = async (q: string) => {
      const res = await t.app.inject({
        url: `/v1/adm/vendas?formato=csv${q}`,
        headers: bearer(w.adminToken),
      });
      expect(res.statusCode, res.body).toBe(200);
      return rowsOf(res.body).slice(1);
    };
    expect(await get('')).toHaveLength(3);
    expect(await get(`&id_estabelecimento=${other.id_estabelecimento}`)).toHaveLength(0);
    expect(await get(`&id_campanha=${w.id_campanha}`)).toHaveLength(3);
    expect(await get(`&de=${day(0)}`)).toHaveLength(0);
    expect(await get(`&de=${day(-1)}&ate=${day(-1)}`)).toHaveLength(3);
    // The JSON list answers the same rows, a page at a time.
    const json = await t.app.inject({ url: '/v1/adm/vendas?limite=2', headers: bearer(w.adminToken) });
    expect(json.statusCode).toBe(200);
    expect(json.headers['x-total-count']).toBe('3');
    expect(json.json()).toHaveLength(2);
  });

  it('keeps the list authorisation: a consumer, another city admin and another shop partner are refused', async () => {
    const w = await world();
    const elsewhere = await world();
    const consumer = await sessionFor(t.db, w.people[0]!);
    const urls = [
      `/v1/adm/vendas?formato=csv&cod_cidade=${w.city.cod_cidade}`,
      `/v1/adm/estabelecimentos?formato=xlsx&cod_cidade=${w.city.cod_cidade}`,
      `/v1/adm/auditoria?formato=csv&cod_cidade=${w.city.cod_cidade}`,
      `/v1/adm/campanhas/${w.id_campanha}/cupons?formato=csv`,
    ];
    for (const url of urls) {
      expect((await t.app.inject({ url, headers: bearer(consumer) })).statusCode, url).toBe(403);
      expect((await t.app.inject({ url, headers: bearer(elsewhere.adminToken) })).statusCode, url).toBe(403);
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
    const otherShop = await t.app.inject({
      url: `/v1/parceiro/vendas?id_estabelecimento=${w.shop.id_estabelecimento}&formato=csv`,
      headers: bearer(elsewhere.token),
    });
    expect(otherShop.statusCode).toBe(403);
    expect(
      await t.db
        .selectFrom('auditoria')
        .select('id')
        .where('acao', '=', 'exportar')
        .where('id_usuario', 'in', [elsewhere.admin.id_usuario, elsewhere.partner.id_usuario])
        .execute(),
    ).toEqual([]);
  });

  it('quotes every cell with a line break, a quote or ;: names stored with a bare \\n read back exactly (issue 52)', async () => {
    const w = await world();
    // Names stored before the contract refused control characters: straight into the database.
    const stored = ['=1+1\n=2', 'Ana\rSouza', 'Bia "B"; Lima'];
    for (const [i, nome] of stored.entries())
      await t.db.updateTable('usuarios').set({ nome }).where('id_usuario', '=', w.people[i]!).execute();
    const res = await t.app.inject({
      url: `/v1/parceiro/vendas?id_estabelecimento=${w.shop.id_estabelecimento}&formato=csv`,
      headers: bearer(w.adminToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    // As a spreadsheet reads it: a bare \r or \n outside quotes ends a row too.
    const [header, ...rows] = parseCsv(res.body, {
      bom: true,
      delimiter: ';',
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
    }) as string[][];
    expect(rows).toHaveLength(3);
    const nameAt = header!.indexOf('Participante');
    const byNumber = Object.fromEntries(rows.map((r) => [r[2], r[nameAt]]));
    // The formula guard stays: the first line of the first name is text.
    expect(byNumber).toEqual({ 'V-1': "'=1+1\n=2", 'V-2': 'Ana\rSouza', "'-3+2": 'Bia "B"; Lima' });
    for (const r of rows) expect(r).toHaveLength(header!.length);
  });

  it('exports every admin list', async () => {
    const w = await world();
    await createSeller(t.db, {
      id_estabelecimento: w.shop.id_estabelecimento,
      nome_vendedor: 'Bia Vendedora',
    });
    await createWinner(t.db, { id_campanha: w.id_campanha, nome_sorteado: 'Caio Ganhador' });
    const lists: [string, number, string][] = [
      [`/v1/adm/estabelecimentos?cod_cidade=${w.city.cod_cidade}`, 1, 'Nome'],
      [`/v1/adm/estabelecimentos/${w.shop.id_estabelecimento}/vendedores?`, 1, 'Vendedor'],
      [`/v1/adm/campanhas?cod_cidade=${w.city.cod_cidade}`, 1, 'Campanha'],
      [`/v1/adm/campanhas/estabelecimentos/${w.id_campanha}?`, 1, 'Participa'],
      [`/v1/adm/campanhas/${w.id_campanha}/cupons?`, 12, 'Código'],
      [`/v1/adm/contemplados?cod_cidade=${w.city.cod_cidade}`, 1, 'Contemplado'],
      [`/v1/adm/contestacoes?cod_cidade=${w.city.cod_cidade}`, 0, 'Tipo'],
      [`/v1/adm/recibos?cod_cidade=${w.city.cod_cidade}`, 0, 'Chave de acesso'],
      [`/v1/adm/auditoria?cod_cidade=${w.city.cod_cidade}&entidade=venda`, 3, 'Ação'],
      [`/v1/parceiro/vendas?id_estabelecimento=${w.shop.id_estabelecimento}`, 3, 'Valor'],
      [`/v1/adm/vendas?cod_cidade=${w.city.cod_cidade}`, 3, 'Valor'],
    ];
    for (const [url, n, column] of lists) {
      const res = await t.app.inject({ url: `${url}&formato=csv`, headers: bearer(w.adminToken) });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      const [header, ...rows] = rowsOf(res.body);
      expect(header, url).toContain(column);
      expect(rows, url).toHaveLength(n);
      const xlsx = await t.app.inject({ url: `${url}&formato=xlsx`, headers: bearer(w.adminToken) });
      expect(xlsx.statusCode, url).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets[0]!.actualRowCount, url).toBe(n + 1);
    }
  });
});

describe('XLSX exports', () => {
  it('types numbers as numbers and days as dates, with Brazilian formats', async () => {
    const w = await world();
    const res = await t.app.inject({
      url: `/v1/adm/vendas?formato=xlsx&id_estabelecimento=${w.shop.id_estabelecimento}`,
      headers: bearer(w.adminToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="vendas-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(11).value).toBe('Valor');
    const rows = [2, 3, 4].map((i) => sheet.getRow(i));
    const v1 = rows.find((r) => r.getCell(3).value === 'V-1')!;
    expect(v1.getCell(11).value).toBe(1234.5);
    expect(v1.getCell(11).numFmt).toBe('#,##0.00');
    expect(typeof v1.getCell(1).value).toBe('number');
    const data = v1.getCell(2).value as Date;
    expect(data).toBeInstanceOf(Date);
    expect(data.toISOString().slice(0, 10)).toBe(day(-1));
    expect(v1.getCell(2).numFmt).toBe('dd/mm/yyyy');
    // Text stays text: a formula-looking name is a string cell, never a formula.
    const formula = rows.find((r) => String(r.getCell(9).value).startsWith('=HYPERLINK'));
    expect(formula?.getCell(9).type).toBe(ExcelJS.ValueType.String);
  });
});

describe('large exports run as a job', () => {
  it('answers 202, shows progress, lets whom asked and the city admins download, refuses others', async () => {
    const w = await world();
    for (let i = 0; i < IMEDIATA_MAX; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/parceiro/vendas',
        headers: bearer(w.token),
        payload: w.sale(`J-${i}`, w.people[0]!, 10 + i),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const asked = await t.app.inject({ url: '/v1/adm/vendas?formato=csv', headers: bearer(w.adminToken) });
    expect(asked.statusCode, asked.body).toBe(202);
    const { id_exportacao, total } = asked.json<{ id_exportacao: number; total: number }>();
    expect(total).toBeGreaterThan(IMEDIATA_MAX);
    await t.app.jobs.idle();

    const status = await t.app.inject({
      url: `/v1/adm/exportacoes/${id_exportacao}`,
      headers: bearer(w.adminToken),
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toMatchObject({
      situacao: 'pronta',
      progresso: 100,
      linhas: IMEDIATA_MAX + 3,
      formato: 'csv',
      url: `/v1/adm/exportacoes/${id_exportacao}/arquivo`,
    });
    const file = await t.app.inject({
      url: `/v1/adm/exportacoes/${id_exportacao}/arquivo`,
      headers: bearer(w.adminToken),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="vendas-/);
    expect(rowsOf(file.body)).toHaveLength(IMEDIATA_MAX + 3 + 1);

    // Another admin of the city may; an admin of another city and the partner may not.
    const colleague = await createUser(t.db, { cod_cidade: w.city.cod_cidade, admin: true });
    const colleagueToken = await sessionFor(t.db, colleague.id_usuario);
    expect(
      (
        await t.app.inject({
          url: `/v1/adm/exportacoes/${id_exportacao}/arquivo`,
          headers: bearer(colleagueToken),
        })
      ).statusCode,
    ).toBe(200);
    const stranger = await world();
    for (const token of [stranger.adminToken, w.token]) {
      for (const url of [
        `/v1/adm/exportacoes/${id_exportacao}`,
        `/v1/adm/exportacoes/${id_exportacao}/arquivo`,
      ]) {
        expect((await t.app.inject({ url, headers: bearer(token) })).statusCode, url).toBe(403);
      }
    }
    expect(
      (await t.app.inject({ url: '/v1/adm/exportacoes/999999', headers: bearer(w.adminToken) })).statusCode,
    ).toBe(404);

    // The job's audit entry, with the rows it wrote.
    const entry = await t.db
      .selectFrom('auditoria')
      .select(['depois', 'id_entidade'])
      .where('acao', '=', 'exportar')
      .where('id_entidade', '=', String(id_exportacao))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.depois!)).toMatchObject({ lista: 'vendas-cidade', linhas: IMEDIATA_MAX + 3 });

    // Expired: the file goes and the download says so.
    await t.db
      .updateTable('exportacoes')
      .set({ expira_em: '2000-01-01T00:00:00.000Z' })
      .where('id_exportacao', '=', id_exportacao)
      .execute();
    const gone = await t.app.inject({
      url: `/v1/adm/exportacoes/${id_exportacao}/arquivo`,
      headers: bearer(w.adminToken),
    });
    expect(gone.statusCode).toBe(410);
    expect(
      (
        await t.app.inject({ url: `/v1/adm/exportacoes/${id_exportacao}`, headers: bearer(w.adminToken) })
      ).json(),
    ).toMatchObject({ situacao: 'expirada', url: null });
  });
  it('writes a large XLSX in the job too: every row, numbers and days typed, Brazilian formats', async () => {
    const w = await world();
    for (let i = 0; i < IMEDIATA_MAX; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/parceiro/vendas',
        headers: bearer(w.token),
        payload: w.sale(`X-${i}`, w.people[0]!, 10 + i),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const asked = await t.app.inject({
      url: `/v1/adm/vendas?formato=xlsx&id_estabelecimento=${w.shop.id_estabelecimento}`,
      headers: bearer(w.adminToken),
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { id_exportacao } = asked.json<{ id_exportacao: number }>();
    await t.app.jobs.idle();
    const status = await t.app.inject({
      url: `/v1/adm/exportacoes/${id_exportacao}`,
      headers: bearer(w.adminToken),
    });
    expect(status.json()).toMatchObject({ situacao: 'pronta', formato: 'xlsx', linhas: IMEDIATA_MAX + 3 });
    const file = await t.app.inject({
      url: `/v1/adm/exportacoes/${id_exportacao}/arquivo`,
      headers: bearer(w.adminToken),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Vendas');
    expect(sheet.getRow(1).getCell(11).value).toBe('Valor');
    expect(sheet.actualRowCount).toBe(IMEDIATA_MAX + 3 + 1);
    const rows = Array.from({ length: IMEDIATA_MAX + 3 }, (_, i) => sheet.getRow(i + 2));
    expect(rows.map((r) => r.getCell(3).value).sort()).toEqual(
      ['-3+2', 'V-1', 'V-2', ...Array.from({ length: IMEDIATA_MAX }, (_, i) => `X-${i}`)].sort(),
    );
    const x7 = rows.find((r) => r.getCell(3).value === 'X-7')!;
    expect(x7.getCell(11).value).toBe(17);
    expect(x7.getCell(11).numFmt).toBe('#,##0.00');
    expect(typeof x7.getCell(1).value).toBe('number');
    expect(x7.getCell(2).value).toBeInstanceOf(Date);
    expect(x7.getCell(2).numFmt).toBe('dd/mm/yyyy');
    const formula = rows.find((r) => String(r.getCell(9).value).startsWith('=HYPERLINK'));
    expect(formula?.getCell(9).type).toBe(ExcelJS.ValueType.String);
    const entry = await t.db
      .selectFrom('auditoria')
      .select('depois')
      .where('acao', '=', 'exportar')
      .where('id_entidade', '=', String(id_exportacao))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.depois!)).toMatchObject({ formato: 'xlsx', linhas: IMEDIATA_MAX + 3 });
  });

  it('fails the job with the list’s own message when the caller lost the right meanwhile', async () => {
    const w = await world();
    for (let i = 0; i < IMEDIATA_MAX; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/parceiro/vendas',
        headers: bearer(w.token),
        payload: w.sale(`F-${i}`, w.people[0]!, 10 + i),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const asked = await t.app.inject({
      url: `/v1/adm/vendas?formato=csv&id_estabelecimento=${w.shop.id_estabelecimento}`,
      headers: bearer(w.adminToken),
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { id_exportacao } = asked.json<{ id_exportacao: number }>();
    await t.app.jobs.idle();
    // Run again as if asked now: the job re-applies the list's rules, and the shop asked for
    // has gone to another city meanwhile.
    await t.db
      .updateTable('exportacoes')
      .set({ situacao: 'pendente', arquivo: null })
      .where('id_exportacao', '=', id_exportacao)
      .execute();
    const other = await world();
    await t.db
      .updateTable('estabelecimentos')
      .set({ cod_cidade: other.city.cod_cidade })
      .where('id_estabelecimento', '=', w.shop.id_estabelecimento)
      .execute();
    await t.app.exporter.run(id_exportacao, { attempt: 3, lastAttempt: true });
    const status = await t.app.inject({
      url: `/v1/adm/exportacoes/${id_exportacao}`,
      headers: bearer(w.adminToken),
    });
    expect(status.json()).toMatchObject({ situacao: 'falha', url: null });
    expect(status.json<{ erro: string }>().erro).not.toBe('A exportação falhou; peça outra');
    expect(fs.readdirSync(t.app.exporter.dir).filter((f) => f.endsWith('.parcial'))).toEqual([]);
  });
});
