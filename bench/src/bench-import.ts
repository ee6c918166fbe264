import ExcelJS from 'exceljs';
import { login } from './bench-http.js';
import type { BenchTarget } from './bench-target.js';
import type { Figure } from './report.js';
import type { RunningServer } from './server.js';

/**
 * Issue 39: a city's shops from one file. 20,000 shops, each with a CNPJ, an address, a CEP,
 * coordinates, two sellers and the partner's campaign with its factors, sent by the city admin
 * to the running server as CSV and then as XLSX: the preview, then `modo=tudo` (every row checked
 * against the database in bulk and stored in one transaction). Target: under a minute each.
 * The shops stay in the database (as the sales benchmark's sales do): run it on a copy.
 */

export interface ImportOptions {
  rows: number;
}

/** A valid numeric CNPJ from a number (its check digits computed). */
function cnpjOf(n: number): string {
  const base = String(n).padStart(8, '0').slice(-8) + '0001';
  const digits = base.split('').map(Number);
  const dv = (ds: number[]) => {
    const w =
      ds.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const r = ds.reduce((s, d, i) => s + d * w[i]!, 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = dv(digits);
  return `${base}${d1}${dv([...digits, d1])}`;
}

const HEADER = [
  'nome',
  'cnpj',
  'endereco',
  'bairro',
  'cep',
  'latitude',
  'longitude',
  'vendedores',
  'id_campanha',
  'fator_cashback',
  'fator_sorteio',
];

function shopRows(tag: string, rows: number, idCampanha: number, cnpjBase: number): string[][] {
  return Array.from({ length: rows }, (_, i) => [
    `Importada ${tag} ${i}`,
    cnpjOf(cnpjBase + i),
    `Rua ${i % 500}, ${i}`,
    `Bairro ${i % 40}`,
    `${String(11000 + (i % 999)).padStart(5, '0')}-000`,
    (-23.9 - (i % 1000) / 10_000).toFixed(6),
    (-46.3 - (i % 1000) / 10_000).toFixed(6),
    `Vendedor A ${i}|Vendedor B ${i}`,
    String(idCampanha),
    '1',
    '0,01',
  ]);
}

const toCsv = (rows: string[][]) => `\uFEFF${[HEADER, ...rows].map((r) => r.join(';')).join('\r\n')}\r\n`;

async function toXlsx(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Lojas');
  sheet.addRow(HEADER);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

interface Answer {
  status: number;
  ms: number;
  body: { total?: number; validas?: number; importadas?: number; erros?: unknown[]; erro?: string };
}

async function send(
  server: RunningServer,
  authorization: string,
  codCidade: number,
  modo: string,
  file: Buffer,
  name: string,
): Promise<Answer> {
  const form = new FormData();
  form.append('arquivo', new Blob([new Uint8Array(file)]), name);
  const t0 = performance.now();
  const res = await fetch(
    `${server.url}/v1/adm/importacoes/estabelecimentos?modo=${modo}&cod_cidade=${codCidade}`,
    {
      method: 'POST',
      headers: { authorization },
      body: form,
    },
  );
  const body = (await res.json()) as Answer['body'];
  return { status: res.status, ms: performance.now() - t0, body };
}

export async function benchImport(
  server: RunningServer,
  t: BenchTarget,
  o: ImportOptions,
): Promise<Figure[]> {
  const admin = await login(server.url, 'admin', t.admin.email, t.password);
  const figures: Figure[] = [];
  const run = Date.now().toString(36);
  // CNPJs far from the generator's and from each other run's (8 digits of base).
  const cnpjBase = 50_000_000 + (Date.now() % 40_000) * 1000;
  for (const formato of ['csv', 'xlsx'] as const) {
    const tag = `${run}${formato}`;
    const rows = shopRows(tag, o.rows, t.partner.idCampanha, cnpjBase + (formato === 'csv' ? 0 : 5_000_000));
    const file = formato === 'csv' ? Buffer.from(toCsv(rows), 'utf8') : await toXlsx(rows);
    const name = `lojas.${formato}`;
    {
      const preview = await send(server, admin.authorization, t.codCidade, 'previa', file, name);
      if (preview.status !== 200)
        throw new Error(`prévia ${preview.status}: ${JSON.stringify(preview.body).slice(0, 300)}`);
      figures.push({
        bench: 'import',
        name: `preview ${o.rows.toLocaleString('en-US')} shops (${formato})`,
        value: preview.ms / 1000,
        unit: 's',
        target: null,
        reference: `${(file.length / 1024 / 1024).toFixed(1)} MB; ${preview.body.validas} of ${preview.body.total} valid`,
      });
      const all = await send(server, admin.authorization, t.codCidade, 'tudo', file, name);
      const stored = all.body.importadas ?? 0;
      figures.push({
        bench: 'import',
        name: `import ${o.rows.toLocaleString('en-US')} shops (${formato}, tudo)`,
        value: all.status === 201 && stored === o.rows ? all.ms / 1000 : NaN,
        unit: 's',
        target: { op: '<', value: 60 },
        reference:
          all.status === 201
            ? `${stored.toLocaleString('en-US')} shops, ${(2 * stored).toLocaleString('en-US')} sellers, ${stored.toLocaleString('en-US')} participations; ${Math.round(stored / (all.ms / 1000)).toLocaleString('en-US')} shops/s`
            : `${all.status}: ${all.body.erro ?? ''} ${JSON.stringify(all.body.erros?.slice(0, 3))}`,
        details: { bytes: file.length, previewMs: preview.ms, importMs: all.ms },
      });
    }
  }
  return figures;
}
