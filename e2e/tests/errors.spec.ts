import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  closeNotices,
  expectAccessible,
  expectFieldRefusal,
  loginAs,
  NOTICES_TITLE,
  openNavigation,
  registerConsumer,
  submitLogin,
} from './utils.js';

/**
 * Issue 35: every error shows where the person is looking — announced, in view, the refused
 * field marked and focused — and closes by itself only once it was seen; popups hold the
 * focus; no English and no live HTML reach a person; Sair leaves no `?next=` behind.
 */

/** The element that has the focus is this one. */
const expectFocused = (locator: Locator) => expect(locator).toBeFocused();

/** Whether the focus is inside this element. */
const focusInside = (page: Page, selector: string) =>
  page.evaluate((s) => Boolean(document.activeElement?.closest(s)), selector);

test('registration: a refused e-mail is announced at the e-mail field, in view and focused', async ({
  page,
  request,
}) => {
  test.slow();
  const taken = await registerConsumer(request, 'Pessoa Já Cadastrada');
  await page.goto('/cadastro');
  await page.getByLabel('Nome', { exact: true }).fill('Outra Pessoa');
  await page.getByLabel('E-mail', { exact: true }).fill(taken.email);
  const cidade = page.getByLabel('Cidade');
  await expect(cidade.locator('option', { hasText: ' - SP' }).first()).toBeAttached();
  await cidade.selectOption(
    (await cidade.locator('option', { hasText: ' - SP' }).first().getAttribute('value')) ?? '',
  );
  await page.getByLabel('Senha', { exact: true }).fill('segredo123');
  await page.getByLabel('Confirme a senha').fill('segredo123');
  // The person is at the bottom of the form, at the button.
  await page.getByRole('button', { name: 'Cadastrar' }).click();

  const email = page.getByLabel('E-mail', { exact: true });
  const alert = page.getByRole('alert').filter({ hasText: 'Ocorreu um erro no cadastro' });
  await expect(alert).toHaveText('Ocorreu um erro no cadastro Este e-mail já está cadastrado');
  await expect(alert).toBeInViewport();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expectFocused(email);
  await expect(email).toBeInViewport();
  await expectAccessible(page);
});

test('a long editor: every refusal under its field at once, the first focused and in view', async ({
  page,
}) => {
  // A short window, so the campaign dialog is longer than the screen.
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.setViewportSize({ width: size.width, height: 560 });
  await loginAs(page, 'admin');
  await page.goto('/admin/campanha');
  await page
    .getByRole('button', { name: /^Editar / })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  const descricao = dialog.getByLabel('Descrição');
  await expect(descricao).not.toHaveValue('');
  await descricao.fill('');
  await dialog.getByRole('button', { name: 'Salvar' }).click();

  // The refusal is the field's own description, read where the person is looking: no scrolling
  // to an alert next to Save to learn what is wrong.
  await expectFocused(descricao);
  await expect(descricao).toHaveAttribute('aria-invalid', 'true');
  await expect(descricao).toBeInViewport();
  const refusal = await expectFieldRefusal(descricao, /\S/);
  await expect(refusal).toBeInViewport();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expectAccessible(page);
});

test('the notices popup takes the focus and Tab stays inside it', async ({ page }) => {
  await loginAs(page, 'consumidor', { keepNotices: true });
  const dialog = page.getByRole('dialog', { name: NOTICES_TITLE });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => focusInside(page, '[role="dialog"]')).toBe(true);
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(page, '[role="dialog"]')).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await focusInside(page, '[role="dialog"]')).toBe(true);
  await closeNotices(page);
});

test('the notice preview is sanitised: no handler, no image, nothing for the CSP to block', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await page.goto('/admin/aviso');
  await page.evaluate(() => {
    const w = window as unknown as { cspBlocked: string[] };
    w.cspBlocked = [];
    document.addEventListener('securitypolicyviolation', (e) => w.cspBlocked.push(e.violatedDirective));
  });
  await page.getByRole('button', { name: 'Novo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo aviso' });
  await dialog.getByLabel('Mensagem', { exact: true }).fill('Feira <b>hoje</b><img src=x onerror=alert(1)>');
  const preview = dialog.getByTestId('notice-preview');
  await expect(preview).toHaveText('Feira hoje');
  expect(await preview.innerHTML()).toBe('Feira <b>hoje</b>');
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { cspBlocked: string[] }).cspBlocked)).toEqual([]);
});

test('a wrong current password is said in Portuguese, the field marked and focused', async ({
  page,
  request,
}) => {
  const who = await registerConsumer(request, 'Pessoa Senha Errada');
  await submitLogin(page, '/login', who.email, who.senha);
  await closeNotices(page);
  await page.goto('/perfil');
  await page.getByRole('button', { name: 'Alterar Senha' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alterar Senha' });
  await dialog.getByLabel('Senha atual', { exact: true }).fill('nao-e-esta');
  await dialog.getByLabel('Nova senha', { exact: true }).fill('nova-senha-1');
  await dialog.getByLabel('Confirma nova senha').fill('nova-senha-1');
  await dialog.getByRole('button', { name: 'Salvar nova senha' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toHaveText(
    'Ocorreu um erro no cadastro Requisição inválida — A senha atual não confere',
  );
  await expect(alert).not.toContainText(/bad request/i);
  const atual = dialog.getByLabel('Senha atual', { exact: true });
  await expect(atual).toHaveAttribute('aria-invalid', 'true');
  await expectFocused(atual);
});

test('Sair goes to plain /login, without the ?next= of the page that was open', async ({ page }) => {
  await loginAs(page, 'consumidor');
  await page.goto('/perfil');
  await expect(page.getByRole('heading', { name: 'Meus Perfil', level: 1 })).toBeVisible();
  await openNavigation(page);
  await page.getByRole('button', { name: 'Meu', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page.getByRole('button', { name: 'Acessar' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
