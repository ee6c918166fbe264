import type { ImportColumn } from '@praca/contract';

/**
 * The template of an import (issue 39): the columns' names in the first row and one example
 * row. CSV: `;`-separated, UTF-8 with BOM, as Brazilian spreadsheets open it. XLSX: the same
 * on the sheet 'Modelo', every column as text (so a CNPJ or CEP keeps its leading zeros), and
 * a sheet 'Instruções' with what each column holds.
 */

const csvCell = (v: string) => (/[";\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function templateCsv(colunas: readonly ImportColumn[]): Buffer {
  const lines = [colunas.map((c) => csvCell(c.nome)), colunas.map((c) => csvCell(c.exemplo))];
  return Buffer.from(`\uFEFF${lines.map((l) => l.join(';')).join('\r\n')}\r\n`, 'utf8');
}

export async function templateXlsx(colunas: readonly ImportColumn[]): Promise<Buffer> {
  // Loaded on first use: exceljs costs the server ~9 MB of heap it would keep for nothing.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = 'Praça';
  const sheet = book.addWorksheet('Modelo');
  sheet.columns = colunas.map((c) => ({
    header: c.nome,
    key: c.nome,
    width: Math.max(12, c.nome.length + 2),
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(colunas.map((c) => c.exemplo));
  const help = book.addWorksheet('Instruções');
  help.columns = [
    { header: 'coluna', key: 'nome', width: 18 },
    { header: 'obrigatória', key: 'obrigatoria', width: 12 },
    { header: 'o que informar', key: 'descricao', width: 80 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of colunas)
    help.addRow({ nome: c.nome, obrigatoria: c.obrigatoria ? 'sim' : 'não', descricao: c.descricao });
  return Buffer.from(await book.xlsx.writeBuffer());
}
