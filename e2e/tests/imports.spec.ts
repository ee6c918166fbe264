import { expect, test } from '@playwright/test';
import { expectAccessible, loginAs } from './utils.js';

/**
 * Issue 39: the city admin imports shops from a file. From the establishments list to
 * 'Importar', the template downloads, a CSV with good rows and a bad one is previewed with its
 * error by line and column, only the valid rows are stored and show in the list.
 */

/** A valid CNPJ (formatted) from a number: its check digits computed. */
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
  const all = `${base}${d1}${dv([...digits, d1])}`;
  return `${all.slice(0, 2)}.${all.slice(2, 5)}.${all.slice(5, 8)}/${all.slice(8, 12)}-${all.slice(12)}`;
}

test('the city admin imports shops from a CSV: preview, errors by line and column, only the valid rows', async ({
  page,
}, testInfo) => {
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const random = () => Math.floor(Math.random() * 90_000_000) + 10_000_000;
  const good = [`Empório Importado ${tag}`, `Quitanda Importada ${tag}`];
  // Imported inactive ('ativo' N): the demo city's residents keep seeing its 25 shops, which
  // other specs (home.spec.ts, Participantes) count while this one runs beside them.
  const csv =
    '\uFEFFnome;cnpj;endereco;bairro;cep;vendedores;ativo\r\n' +
    `${good[0]};${cnpjOf(random())};Rua do Comércio, 10;Centro;11010-000;Ana|Bruno;N\r\n` +
    `Loja Com Erro ${tag};11.222.333/0001-80;Rua B, 2;Centro;;;N\r\n` +
    `${good[1]};${cnpjOf(random())};Rua C, 3;Gonzaga;11060000;;N\r\n`;

  await loginAs(page, 'admin');
  await page.goto('/admin/estabelecimento');
  await page.getByRole('link', { name: 'Importar' }).click();
  await expect(page.getByRole('heading', { name: 'Importar estabelecimentos', level: 1 })).toBeVisible();
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar modelo XLSX' }).click();
  expect((await download).suggestedFilename()).toBe('modelo-estabelecimentos.xlsx');

  await page.locator('input[type="file"]').setInputFiles({
    name: 'lojas.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await page.getByRole('button', { name: 'Pré-visualizar' }).click();
  await expect(page.getByText('3 linhas no arquivo: 2 válidas, 1 com erro.')).toBeVisible();
  const preview = page.getByRole('table', { name: /Prévia/ });
  await expect(preview.getByRole('row').nth(1)).toContainText(good[0]!);
  await expect(preview.getByRole('row').nth(1)).toContainText('Ana, Bruno');
  await expect(preview.getByRole('row').nth(2)).toContainText('Com erro');
  const errors = page.getByRole('table', { name: /1 erro em 1 linha/ });
  await expect(errors.getByRole('row').nth(1)).toHaveText('3cnpjCNPJ invalido');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Importar só as válidas' }).click();
  await expect(
    page.getByText('2 estabelecimentos importados; 1 linha com erro ficou de fora.'),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Ver estabelecimentos' }).click();
  await expect(page.getByRole('heading', { name: 'Estabelecimentos', level: 1 })).toBeVisible();
  await page.getByLabel('Buscar por código ou nome').fill(tag);
  await expect(page.getByText(good[0]!)).toBeVisible();
  await expect(page.getByText(good[1]!)).toBeVisible();
  await expect(page.getByText(`Loja Com Erro ${tag}`)).toHaveCount(0);
});
