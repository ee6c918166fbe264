import { expect, test } from '@playwright/test';
import { expectAccessible, sha256Hex, uniqueEmail } from './utils.js';

/**
 * "Entrar com gov.br" (issue 52) against the local gov.br (apps/api/test/govbr-provider.mjs):
 * a new person logs in, completes the sign-up and lands logged in; a second login through gov.br
 * opens the same account at once.
 */

const GOVBR = process.env.E2E_GOVBR_URL ?? '';

/** A valid CPF's 11 digits (random base, check digits computed). */
function newCpf(): string {
  const d = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  for (const len of [9, 10])
    d.push(((d.slice(0, len).reduce((s, x, i) => s + x * (len + 1 - i), 0) * 10) % 11) % 10);
  return d.join('');
}

/** From the login page through the local gov.br's login with a CPF. */
async function throughGovbr(page: import('@playwright/test').Page, cpf: string): Promise<void> {
  await page.goto('/login');
  const button = page.getByRole('link', { name: 'Entrar com gov.br' });
  await expect(button).toBeVisible();
  await button.click();
  await expect(page).toHaveURL(new RegExp(`^${GOVBR}/interaction/`));
  await page.getByLabel('CPF').fill(cpf);
  await page.getByRole('button', { name: 'Entrar no gov.br de teste' }).click();
}

test('a new person enters with gov.br, completes the sign-up, and a second login lands logged in', async ({
  page,
  request,
}) => {
  test.slow();
  const cpf = newCpf();
  const nome = `Gervásio ${cpf.slice(0, 4)} Prata`;
  const created = await request.post(`${GOVBR}/__contas`, {
    data: { sub: cpf, name: nome, email: `govbr.${cpf}@teste.praca`, nivel: 'prata' },
  });
  expect(created.ok()).toBe(true);

  await page.goto('/login');
  await expectAccessible(page);
  await throughGovbr(page, cpf);

  await expect(page).toHaveURL(/\/govbr\/cadastro$/);
  await expect(page.getByRole('heading', { name: 'Complete seu cadastro' })).toBeVisible();
  await expect(page.getByText(`govbr.${cpf}@teste.praca`)).toBeVisible();
  await expectAccessible(page);
  const cidade = page.getByLabel('Cidade');
  await expect(cidade.locator('option', { hasText: ' - SP' }).first()).toBeAttached();
  await cidade.selectOption(
    (await cidade.locator('option', { hasText: ' - SP' }).first().getAttribute('value')) ?? '',
  );
  await page.getByLabel('WhatsApp').fill('13988887777');
  await page.getByLabel('Endereço').fill('Rua do Comércio');
  await page.getByLabel('Número').fill('10');
  await page.getByRole('button', { name: 'Concluir cadastro' }).click();
  await expect(page).toHaveURL(/\/$/);
  const greeting = page
    .getByRole('button', { name: /Olá Gervásio/ })
    .or(page.getByRole('link', { name: /Olá Gervásio/ }));
  await expect(greeting).toBeVisible({ timeout: 15_000 });

  // Logged out (the login page ends the session), gov.br again: its own session remembers the
  // person, so the button comes straight back through the callback and lands logged in.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Acessar' })).toBeVisible();
  await page.getByRole('link', { name: 'Entrar com gov.br' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  await expect(greeting).toBeVisible({ timeout: 15_000 });
});

test('a gov.br account below prata gets the level page', async ({ page, request }) => {
  const cpf = newCpf();
  await request.post(`${GOVBR}/__contas`, { data: { sub: cpf, nivel: 'bronze' } });
  await throughGovbr(page, cpf);
  await expect(page).toHaveURL(/\/govbr\/nivel$/);
  await expect(
    page.getByRole('heading', { name: 'Sua conta gov.br precisa ser prata ou ouro' }),
  ).toBeVisible();
  await expectAccessible(page);
});

test('an account that declares the CPF links gov.br with its password', async ({ page, request }) => {
  test.slow();
  const cpf = newCpf();
  const email = uniqueEmail('vinculo');
  const senha = 'segredo123';
  const res = await request.post('/v1/usuarios/registro', {
    data: { nome: 'Dalva Declarada', email, senha: sha256Hex(senha), cod_cidade: 3548500, cpf },
  });
  expect(res.status(), await res.text()).toBe(201);

  await throughGovbr(page, cpf);
  await expect(page).toHaveURL(/\/govbr\/vincular$/);
  await expect(page.getByText('Já existe uma conta do Praça com o CPF da sua conta gov.br.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Entrar com e-mail e senha' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByRole('button', { name: 'Acessar' }).click();

  await expect(page).toHaveURL(/\/govbr\/vincular$/);
  await page.getByLabel('Senha do Praça').fill('errada123');
  await page.getByRole('button', { name: 'Vincular contas' }).click();
  await expect(page.getByText('Senha incorreta')).toBeVisible();
  await page.getByLabel('Senha do Praça').fill(senha);
  await page.getByRole('button', { name: 'Vincular contas' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  await expect(page.getByText('Conta gov.br vinculada. Seu CPF está comprovado.')).toBeVisible();
});
