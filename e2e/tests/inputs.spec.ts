import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, loginAs } from './utils.js';

/**
 * Issue 35: a money field never drops, moves or invents a digit, and dates read dd/mm/aaaa
 * whatever the browser's language. Both run in the partner's sale dialog, at desktop and phone.
 */

// Each test logs in and opens dialogs on a shared two-core machine.
test.slow();

/** Today on the programme's clock as dd/mm/aaaa. */
const hojeBr = () =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());

async function openNewSale(page: Page) {
  await page.getByRole('button', { name: 'Nova venda' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova venda' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Campanha' })).not.toHaveValue('');
  return dialog;
}

test('the sale value keeps what was typed and Save says it is above the limit', async ({ page }) => {
  await loginAs(page, 'parceiro');
  const dialog = await openNewSale(page);
  await dialog.getByLabel('Número da venda').fill(`LIM-${Date.now()}`);
  const valor = dialog.getByRole('textbox', { name: 'Valor' });

  // Typed key by key, as a person does: no digit is dropped, moved or added.
  await valor.pressSequentially('50000,01');
  await expect(valor).toHaveValue('50000,01');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(valor).toHaveAccessibleDescription(/Valor da Venda acima do limite/);
  await expect(valor).toHaveValue('50000,01');
  await expectAccessible(page);

  await valor.fill('');
  await valor.pressSequentially('99999999');
  await expect(valor).toHaveValue('99999999');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(valor).toHaveAccessibleDescription(/Valor da Venda acima do limite/);

  await valor.fill('');
  await valor.pressSequentially('12.5');
  await expect(valor).toHaveValue('12.5');
  // 12.5 reads as R$ 12,50: the next check is the recipient's.
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(valor).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('combobox', { name: 'Destinatário' })).toHaveAccessibleDescription(
    /Defina o Destinatario/,
  );

  await valor.fill('');
  await valor.pressSequentially('0');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(valor).toHaveAccessibleDescription(/Valor da Venda invaldo/);
});

test.describe('in an English browser', () => {
  test.use({ locale: 'en-US' });

  test('the sale date reads dd/mm/aaaa and the calendar picks a day with the keyboard', async ({ page }) => {
    await loginAs(page, 'parceiro');
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    const dialog = await openNewSale(page);
    const data = dialog.getByRole('textbox', { name: 'Data' });
    await expect(data).toHaveValue(hojeBr());
    await expect(data).toHaveAttribute('placeholder', 'dd/mm/aaaa');

    // Typed as a Brazilian writes it, whatever the browser's order.
    await data.fill('');
    await data.pressSequentially('05112026');
    await expect(data).toHaveValue('05/11/2026');

    // The calendar: opened from its button, one day back with the arrow, picked with Enter.
    const button = dialog.getByRole('button', { name: 'Abrir calendário: Data' });
    await button.click();
    const calendar = page.getByRole('dialog', { name: 'Calendário: Data' });
    await expect(calendar).toBeVisible();
    await expect(calendar.getByText('novembro de 2026')).toBeVisible();
    await expect(calendar.getByRole('button', { name: /^5 de novembro de 2026/ })).toBeFocused();
    await expectAccessible(page);
    await page.keyboard.press('ArrowLeft');
    await expect(calendar.getByRole('button', { name: /^4 de novembro de 2026/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(calendar).toBeHidden();
    await expect(data).toHaveValue('04/11/2026');
    await expect(button).toBeFocused();

    // Escape closes the calendar, not the sale dialog.
    await button.click();
    await expect(calendar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
    await expect(dialog).toBeVisible();

    // The date goes to the server as the API expects it: a future day is refused by its rule.
    await dialog.getByLabel('Número da venda').fill(`DATA-${Date.now()}`);
    await dialog.getByRole('textbox', { name: 'Valor' }).fill('10,00');
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/v1/parceiro/vendas') && r.request().method() === 'POST',
    );
    await data.fill('');
    await data.pressSequentially('01012099');
    await dialog.getByRole('button', { name: 'Gerar QR Code' }).click();
    const res = await answer;
    expect(res.request().postDataJSON()).toMatchObject({ dat_venda: '2099-01-01' });
  });
});

test('the audit day filters and their calendar fit the screen and pass the accessibility scan', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await page.goto('/admin/auditoria');
  await expect(page.getByRole('heading', { name: 'Auditoria', level: 1 })).toBeVisible();
  const ate = page.getByRole('textbox', { name: 'Até' });
  await expect(ate).toHaveAttribute('placeholder', 'dd/mm/aaaa');
  await page.getByRole('button', { name: 'Abrir calendário: Até' }).click();
  const calendar = page.getByRole('dialog', { name: 'Calendário: Até' });
  await expect(calendar).toBeVisible();
  const box = await calendar.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
});

test('a notice whose validity has passed is saved only after the admin confirms it', async ({ page }) => {
  const titulo = `Aviso vencido ${Date.now()}`;
  await loginAs(page, 'admin');
  await page.goto('/admin/aviso');
  await page.getByRole('button', { name: 'Novo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo aviso' });
  await dialog.getByLabel(/^Título/).fill(titulo);
  const validade = dialog.getByRole('textbox', { name: /^Validade/ });
  await validade.fill('');
  await validade.pressSequentially('01012020');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  const ask = page.getByRole('dialog', { name: 'Aviso já vencido' });
  await expect(ask).toContainText('A validade 01/01/2020 já passou');
  await expectAccessible(page);
  await ask.getByRole('button', { name: 'Voltar' }).click();
  await expect(ask).toBeHidden();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await ask.getByRole('button', { name: 'Salvar mesmo assim' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Aviso salvo').first()).toBeVisible();
});
