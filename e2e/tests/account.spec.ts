import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, linkFromMail, registerConsumer, submitLogin, waitForMail } from './utils.js';

// Issue 9: the account life cycle through the browser, with the e-mails read back from the
// SMTP stub (smtp-stub.mjs) the API sends to.

// Each test walks a whole flow (e-mails, the 3 s and 5 s timers, several logins).
test.slow();

const APOLOGY =
  'Desculpe! Desculpe mas algo de errado aconteceu ou seu link expirou, por favor tente novamente ou entre em contado.';
const SUPPORT_EMAIL = 'suporte@praca.local';

/** Logs in through /login?next=/perfil and waits for the profile form. */
async function openProfile(page: Page, email: string, senha: string): Promise<void> {
  await submitLogin(page, `/login?next=${encodeURIComponent('/perfil')}`, email, senha);
  await expect(page).toHaveURL(/\/perfil$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Meus Perfil' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-Mail' })).toHaveValue(email);
}

async function expectLoginFails(page: Page, email: string, senha: string): Promise<void> {
  await submitLogin(page, '/login', email, senha);
  await expect(page.getByText('e-mail ou senha invalidos')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
}

async function expectLoginWorks(page: Page, email: string, senha: string): Promise<void> {
  await submitLogin(page, '/login', email, senha);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
}

test('a forgotten password is replaced from the e-mailed link alone', async ({ page, request }) => {
  const { email, senha } = await registerConsumer(request, 'Rita Esquecida');
  const nova = 'novaSenha456';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueceu a senha' }).click();
  await expect(page).toHaveURL(/\/solicitaredefinir$/);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Solicitar nova senha' }).click();
  await expect(page.getByText('Digite seu email para solicitar uma nova senha')).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Solicitar nova senha' }).click();
  await expect(page.getByTestId('solicitacao-enviada')).toContainText('verifique também a caixa de spam');
  await expectAccessible(page);

  const mail = await waitForMail(email, { contains: '/redefinirsenha?code=' });
  const link = linkFromMail(mail.text, 'redefinirsenha');
  expect(new URL(link).searchParams.get('code')).toHaveLength(150);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Redefinir senha' })).toBeVisible();
  const salvar = page.getByRole('button', { name: 'Salvar nova senha' });
  await expect(salvar).toBeDisabled();
  await page.getByLabel('Senha', { exact: true }).fill(nova);
  await page.getByLabel('Confirme a senha').fill('outra');
  await expect(page.getByText('Senha invalida!')).toBeVisible();
  await expect(salvar).toBeDisabled();
  await expectAccessible(page);
  await page.getByLabel('Confirme a senha').fill(nova);
  await salvar.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Parabéns!' })).toBeVisible();
  await expect(page.getByTestId('codigo-sucesso')).toContainText('Sua senha foi alterada com sucesso');
  await expect(page.getByTestId('suporte')).toContainText(SUPPORT_EMAIL);
  await expectAccessible(page);

  // The code is single use: the same link now fails with the server's reason.
  await page.goto(link);
  await page.getByLabel('Senha', { exact: true }).fill('terceira789');
  await page.getByLabel('Confirme a senha').fill('terceira789');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByTestId('codigo-erro')).not.toBeEmpty();

  await expectLoginFails(page, email, senha);
  await expectLoginWorks(page, email, nova);
});

test('the profile saves name and WhatsApp, changes the password and downloads my data', async ({
  page,
  request,
}) => {
  const { email, senha } = await registerConsumer(request, 'Paulo Perfil');
  const nova = 'trocada789';
  await openProfile(page, email, senha);
  await expectAccessible(page);

  await page.getByRole('textbox', { name: 'Nome' }).fill('Paulo Perfil Atualizado');
  const phone = page.getByRole('textbox', { name: 'SMS/WhatsApp' });
  await phone.fill('');
  await phone.pressSequentially('2098765432');
  await page.getByRole('button', { name: 'Salvar Dados' }).click();
  await expect(page.getByText('numero do WhatApp invalido!')).toBeVisible();
  await expect(page.getByTestId('perfil-mensagem')).toHaveCount(0);

  await phone.fill('');
  await phone.pressSequentially('13987654321');
  await expect(phone).toHaveValue('(13) 98765-4321');
  await page.getByRole('button', { name: 'Salvar Dados' }).click();
  await expect(page.getByTestId('perfil-mensagem')).toHaveText('Perfil salvo com sucesso');
  // Messages go away after 3 s.
  await expect(page.getByTestId('perfil-mensagem')).toHaveCount(0, { timeout: 6_000 });
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Nome' })).toHaveValue('Paulo Perfil Atualizado');
  await expect(page.getByRole('textbox', { name: 'SMS/WhatsApp' })).toHaveValue('(13) 98765-4321');

  await page.getByRole('button', { name: 'Alterar Senha' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alterar Senha' });
  await expect(dialog).toBeVisible();
  const salvar = dialog.getByRole('button', { name: 'Salvar nova senha' });
  await dialog.getByLabel('Senha atual', { exact: true }).fill(senha);
  await dialog.getByLabel('Nova senha', { exact: true }).fill(nova);
  await dialog.getByLabel('Confirma nova senha').fill('diferente');
  await expect(dialog.getByText('Senha não confere')).toBeVisible();
  await expect(salvar).toBeDisabled();
  await expectAccessible(page);
  await dialog.getByLabel('Confirma nova senha').fill(nova);
  await salvar.click();
  await expect(dialog.getByText('Senha alterada com sucesso')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 10_000 });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar meus dados' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('meus-dados-praca.json');
  const dados = JSON.parse(await readFile(await file.path(), 'utf8')) as Record<string, unknown>;
  expect(dados).toHaveProperty('perfil');
  expect(JSON.stringify(dados.perfil)).toContain(email);

  await expectLoginFails(page, email, senha);
  await expectLoginWorks(page, email, nova);
});

test('a consumer asks for removal, confirms from the e-mail and is forgotten', async ({ page, request }) => {
  const { email, senha } = await registerConsumer(request, 'Rosa Removida');
  await openProfile(page, email, senha);

  await page.getByRole('button', { name: 'Solicitar remoção do meu usuário' }).click();
  const confirm = page.getByRole('dialog', { name: 'Solicitar remoção do meu usuário' });
  await expect(confirm.getByRole('button', { name: 'Cancela' })).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Confirma' }).click();
  await expect(page.getByTestId('perfil-mensagem')).toHaveText(
    'Solicitação de remoção do seu cadastro foi enviado para seu e-mail',
  );

  const mail = await waitForMail(email, { contains: '/remocaousuario?code=' });
  const link = linkFromMail(mail.text, 'remocaousuario');

  // Opened after the session is gone, the link goes through the login and comes back.
  await page.goto('/login');
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?next=%2Fremocaousuario%3Fcode%3D/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByRole('button', { name: 'Acessar' }).click();
  await expect(page).toHaveURL(/\/remocaousuario\?code=[A-Za-z0-9]{150}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Remover meu cadastro' })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByLabel('Confirme a senha').fill(senha);
  await page.getByRole('button', { name: 'Confirmar remoção' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Parabéns!' })).toBeVisible();
  await expect(page.getByTestId('codigo-sucesso')).toContainText('Seu cadastro foi removido');
  await expect(page.getByTestId('suporte')).toContainText(SUPPORT_EMAIL);
  expect(await page.evaluate(() => localStorage.getItem('praca.sessao'))).toBeNull();
  await expectAccessible(page);

  await expectLoginFails(page, email, senha);
});

test('a link whose code is not 150 characters shows the apology', async ({ page }) => {
  for (const n of [149, 151]) {
    await page.goto(`/redefinirsenha?code=${'a'.repeat(n)}`);
    await expect(page.getByTestId('link-invalido')).toHaveText(APOLOGY);
    await expect(page.getByLabel('Confirme a senha')).toHaveCount(0);
    await expect(page.getByTestId('suporte')).toContainText(SUPPORT_EMAIL);
  }
  await expectAccessible(page);
});
