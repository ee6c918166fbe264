import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessible, loginAs } from './utils.js';

/**
 * Issue 39: the admin reads the dashboard's charts (and their tables), changes the period and
 * downloads a chart's data as CSV, at both widths. Reads only: the demo city's data.
 */
test('an admin reads the charts and their tables, changes the period and downloads a CSV', async ({
  page,
}) => {
  test.slow(); // three accessibility scans of a long page on a shared 2-core host
  await loginAs(page, 'admin');
  await expect(page.getByRole('heading', { name: 'Gráficos', level: 2 })).toBeVisible();

  // The running campaign by default: every chart and the spec's cards below them.
  const vendas = page.getByRole('region', { name: 'Vendas e cupons por dia' });
  await expect(vendas).toBeVisible();
  for (const name of [
    'Novos participantes por semana',
    'Estabelecimentos que mais venderam',
    'Andamento da campanha',
  ]) {
    await expect(page.getByRole('region', { name })).toBeVisible();
  }
  await expect(page.getByTestId('card-Vendas')).toBeVisible();
  // A chart is drawn (an SVG), and its table is there for screen readers.
  await expect(vendas.locator('svg.recharts-surface').first()).toBeVisible();
  await expect(vendas.getByRole('table', { name: 'Vendas e cupons por dia (tabela)' })).toBeAttached();
  await expectAccessible(page);

  // The table in the chart's place.
  const top = page.getByRole('region', { name: 'Estabelecimentos que mais venderam' });
  await top.getByRole('button', { name: 'Mostrar tabela' }).click();
  const table = top.getByRole('table', { name: 'Estabelecimentos que mais venderam (tabela)' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Total (R$)' })).toBeVisible();
  const shops = await table.getByRole('row').count();
  expect(shops).toBeGreaterThan(1);
  expect(shops).toBeLessThanOrEqual(11);
  await expectAccessible(page);

  // Its CSV: BOM, ';', a header and one line per row of the table.
  const download = page.waitForEvent('download');
  await top.getByRole('button', { name: 'Baixar CSV: Estabelecimentos que mais venderam' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^estabelecimentos-que-mais-venderam_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const bytes = await readFile(await file.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe('Estabelecimento;Vendas;Total (R$);Cupons');
  expect(lines).toHaveLength(shops);
  expect(lines[1]).toMatch(/^.+;\d+;\d+,\d{2};\d+$/);

  // Another period: the last 30 days, one row a day in the sales table.
  await page.getByLabel('Período').selectOption({ label: 'Últimos 30 dias' });
  await expect(page.getByText(/\(30 dias\)/)).toBeVisible();
  await vendas.getByRole('button', { name: 'Mostrar tabela' }).click();
  await expect(
    vendas.getByRole('table', { name: 'Vendas e cupons por dia (tabela)' }).getByRole('row'),
  ).toHaveCount(31);
  await expectAccessible(page);
});
