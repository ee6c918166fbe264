import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';

/** Files for the import tests (issue 39): valid CNPJs, multipart bodies, CSV and XLSX. */

/** A valid numeric CNPJ (formatted) made from `n`: its check digits computed. */
export function cnpjOf(n: number): string {
  const base = String(n).padStart(8, '0').slice(-8) + '0001';
  const digits = base.split('').map(Number);
  const dv = (ds: number[]) => {
    const weights =
      ds.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = ds.reduce((s, d, i) => s + d * weights[i]!, 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = dv(digits);
  const d2 = dv([...digits, d1]);
  const all = `${base}${d1}${d2}`;
  return `${all.slice(0, 2)}.${all.slice(2, 5)}.${all.slice(5, 8)}/${all.slice(8, 12)}-${all.slice(12)}`;
}

/** A multipart/form-data body with one file and some fields, for `inject`. */
export function multipart(
  file: Buffer | string,
  filename = 'lojas.csv',
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----praca${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
  );
  chunks.push(typeof file === 'string' ? Buffer.from(file, 'utf8') : file);
  chunks.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** CSV text from rows (`;`, cells quoted when needed). */
export const csv = (rows: (string | number)[][], sep = ';'): string =>
  rows
    .map((r) =>
      r
        .map((c) => {
          const s = String(c);
          return s.includes(sep) || s.includes('"') || s.includes('\n') ? `"${s.replace(/"/g, '""')}"` : s;
        })
        .join(sep),
    )
    .join('\r\n') + '\r\n';

/** An XLSX file of one sheet with these rows (numbers stay number cells). */
export async function xlsx(rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Planilha1');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}
