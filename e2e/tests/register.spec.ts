import { expect, test } from '@playwright/test';
import { expectAccessible, uniqueEmail } from './utils.js';

test('a newcomer registers and reaches home', async ({ page }) => {
  // Two page loads with an accessibility scan, the form, the server's password hashing and the
  // home: 31.6 s once on a busy CI host (passed on its retry), so it gets 90 s like the sweeps.
  test.slow();
  const email = uniqueEmail('novo');
  await page.goto('/cadastro');
  await expectAccessible(page);
  await page.getByLabel('Nome', { exact: true }).fill('Joana Recém Chegada');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  const cidade = page.getByLabel('Cidade');
  await expect(cidade.locator('option', { hasText: ' - SP' }).first()).toBeAttached();
  const value = await cidade.locator('option', { hasText: ' - SP' }).first().getAttribute('value');
  await cidade.selectOption(value ?? '');
  await page.getByLabel('CEP').fill('11010100');
  await expect(page.getByLabel('CEP')).toHaveValue('11010-100');
  await page.getByLabel('Senha', { exact: true }).fill('segredo123');
  await page.getByLabel('Confirme a senha').fill('outra');
  await page.getByRole('button', { name: /cadastrar/i }).click();
  await expect(page.getByText('Senhas nao conferem')).toBeVisible();
  await page.getByLabel('Confirme a senha').fill('segredo123');
  await page.getByRole('button', { name: /cadastrar/i }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Cadastro realizado com sucesso')).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('button', { name: /Olá Joana/ }).or(page.getByRole('link', { name: /Olá Joana/ })),
  ).toBeVisible();
});

test('registering the same e-mail twice shows the server error', async ({ page, request }) => {
  const email = uniqueEmail('dup');
  await page.goto('/cadastro');
  const fill = async () => {
    await page.getByLabel('Nome', { exact: true }).fill('Pessoa Duplicada');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    const cidade = page.getByLabel('Cidade');
    await expect(cidade.locator('option', { hasText: ' - SP' }).first()).toBeAttached();
    await cidade.selectOption(
      (await cidade.locator('option', { hasText: ' - SP' }).first().getAttribute('value')) ?? '',
    );
    await page.getByLabel('Senha', { exact: true }).fill('segredo123');
    await page.getByLabel('Confirme a senha').fill('segredo123');
    await page.getByRole('button', { name: /cadastrar/i }).click();
  };
  await fill();
  await expect(page.getByText('Cadastro realizado com sucesso')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.goto('/cadastro');
  await fill();
  await expect(page.getByText(/Ocorreu um erro no cadastro/)).toBeVisible();
  void request;
});
