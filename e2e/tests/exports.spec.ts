import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, loginAs } from './utils.js';

/**
 * Issue 39, end to end: the admin downloads a list as CSV and as Excel from its screen's
 * 'Exportar' menu, with the session (no link works without it), at both widths.
 */

test.slow();

/** Opens 'Exportar' and picks a format; answers the download. */
async function exportAs(page: Page, what: string, format: 'CSV' | 'Excel (XLSX)') {
  await page.getByRole('button', { name: `Exportar ${what}` }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: format }).click();
  return download;
}

test('the admin downloads the shops list as CSV and as Excel', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/admin/estabelecimento');
  await expect(page.getByRole('heading', { name: 'Estabelecimentos', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportar estabelecimentos' })).toBeVisible();
  await expectAccessible(page);

  const csv = await exportAs(page, 'estabelecimentos', 'CSV');
  expect(csv.suggestedFilename()).toMatch(/^estabelecimentos-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await csv.path())!, 'utf8');
  expect(text.startsWith('\uFEFFID;Nome;CNPJ;')).toBe(true);
  // The demo city's shops, one a line after the header.
  expect(text.trim().split('\r\n').length).toBeGreaterThan(1);

  const xlsx = await exportAs(page, 'estabelecimentos', 'Excel (XLSX)');
  expect(xlsx.suggestedFilename()).toMatch(/^estabelecimentos-\d{4}-\d{2}-\d{2}\.xlsx$/);
  // An XLSX is a zip: it starts with PK.
  expect(
    fs
      .readFileSync((await xlsx.path())!)
      .subarray(0, 2)
      .toString('latin1'),
  ).toBe('PK');

  // The audit log names the two exports.
  await page.goto('/admin/auditoria');
  await page.getByRole('combobox', { name: /Entidade/ }).selectOption({ label: 'Exportação' });
  await expect(
    page.getByRole('button', { name: /^Detalhes: Exportar Exportação Estabelecimentos por / }).first(),
  ).toBeVisible();
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
