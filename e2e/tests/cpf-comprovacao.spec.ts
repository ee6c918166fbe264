import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { pngImage } from './png.js';
import { expectAccessible, loginAs, sha256Hex, submitLogin, uniqueEmail } from './utils.js';

/**
 * Issue 52, proof of a CPF by an admin, end to end: a Santos resident whose account declares a
 * CPF sends a photo of a document and a selfie from the profile ('Comprovar CPF' → 'Comprovação
 * em análise'), the city admin opens 'Comprovações de CPF', sees both photos and approves with a
 * reason, and the resident's profile then says 'CPF comprovado'. Each test registers its own
 * resident with a fresh CPF, so the two projects (running at once) never share a proof.
 */

test.slow();

const SANTOS = 3548500;
const MOTIVO = 'Documento legível e selfie com o mesmo documento.';

/** A valid CPF's 11 digits (random base, check digits computed). */
function newCpf(): string {
  const d = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  for (const len of [9, 10])
    d.push(((d.slice(0, len).reduce((s, x, i) => s + x * (len + 1 - i), 0) * 10) % 11) % 10);
  return d.join('');
}

interface Resident {
  nome: string;
  email: string;
  senha: string;
  cpf: string;
}

async function registerResident(request: APIRequestContext): Promise<Resident> {
  const nome = `Iracema Prova ${randomBytes(4).toString('hex')}`;
  const email = uniqueEmail('cpf-prova');
  const senha = 'segredo123';
  const cpf = newCpf();
  const res = await request.post('/v1/usuarios/registro', {
    data: { nome, email, senha: sha256Hex(senha), cidade: 'Santos', uf: 'SP', cod_cidade: SANTOS, cpf },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { nome, email, senha, cpf };
}

/** The resident signs in on a browser of their own and opens Meus Perfil. */
async function residentProfile(browser: Browser, who: Resident): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await submitLogin(page, '/login', who.email, who.senha);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/perfil');
  await expect(page.getByRole('heading', { name: 'Meus Perfil', level: 1 })).toBeVisible();
  return page;
}

/** The city admin opens Administrador → Comprovações de CPF (the drawer on a phone). */
async function openComprovacoes(page: Page): Promise<void> {
  await loginAs(page, 'admin');
  const burger = page.getByRole('button', { name: 'Abrir menu' });
  await expect(burger.or(page.getByRole('navigation', { name: 'Menu principal' }))).toBeVisible();
  if (await burger.isVisible()) await burger.click();
  await page.getByRole('button', { name: 'Administrador' }).first().click();
  await page.getByRole('menuitem', { name: 'Comprovações de CPF', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/comprovacoes-cpf$/);
  await expect(page.getByRole('heading', { name: 'Comprovações de CPF', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Situação' })).toHaveValue('aberta');
}

test('a resident sends the proof of a declared CPF, the city admin approves it, the profile says "CPF comprovado"', async ({
  page,
  browser,
  request,
}) => {
  const resident = await registerResident(request);
  const masked = `***.${resident.cpf.slice(3, 6)}.${resident.cpf.slice(6, 9)}-**`;

  // The resident: a declared CPF, and the offer to prove it.
  const phone = await residentProfile(browser, resident);
  const section = phone.getByRole('region', { name: 'Comprovação do CPF' });
  await expect(section).toContainText('CPF declarado');
  await expect(section).toContainText(masked);
  await expectAccessible(phone);
  await section.getByRole('button', { name: 'Comprovar CPF' }).click();
  const dialog = phone.getByRole('dialog', { name: 'Comprovar CPF' });
  // Both photos are asked for before anything is sent.
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(dialog.getByText('Escolha a foto do documento')).toBeVisible();
  await expect(dialog.getByText('Escolha a sua foto segurando o documento')).toBeVisible();
  const inputs = dialog.locator('input[type="file"]');
  await inputs
    .nth(0)
    .setInputFiles({ name: 'rg.png', mimeType: 'image/png', buffer: pngImage(240, 160, [40, 90, 160]) });
  await inputs.nth(1).setInputFiles({
    name: 'selfie.png',
    mimeType: 'image/png',
    buffer: pngImage(200, 240, [170, 120, 90]),
  });
  await expectAccessible(phone);
  const sent = phone.waitForResponse(
    (r) => r.url().endsWith('/v1/usuarios/cpf/comprovacao') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  expect((await sent).status()).toBe(201);
  await expect(dialog).toBeHidden();
  await expect(section).toContainText('Comprovação em análise');
  await expect(section.getByRole('button', { name: 'Comprovar CPF' })).toHaveCount(0);
  await expectAccessible(phone);

  // The city admin finds it among the open ones, sees both photos and approves it.
  await openComprovacoes(page);
  const row = page.getByRole('row').filter({ hasText: resident.nome });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(masked);
  await expect(row).toContainText('Em análise');
  await expectAccessible(page);
  await row.getByRole('button', { name: `Abrir a comprovação de CPF de ${resident.nome}` }).click();
  const proof = page.getByRole('dialog', { name: `Comprovação de CPF de ${resident.nome}` });
  for (const alt of [
    `Foto do documento enviada por ${resident.nome}`,
    `Selfie de ${resident.nome} segurando o documento`,
  ]) {
    const img = proof.getByRole('img', { name: alt });
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
  }
  await expectAccessible(page);
  await proof.getByRole('button', { name: 'Aprovar', exact: true }).click();
  await proof.getByRole('textbox', { name: 'Motivo da aprovação' }).fill(MOTIVO);
  await proof.getByRole('button', { name: 'Aprovar', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Aprovar a comprovação?' });
  await expect(confirm).toContainText(
    `O CPF ${masked} passará a ser comprovado na conta de ${resident.nome}`,
  );
  await expectAccessible(page);
  const decided = page.waitForResponse(
    (r) => /\/v1\/adm\/cpf-comprovacoes\/\d+\/decisao$/.test(r.url()) && r.request().method() === 'POST',
  );
  await confirm.getByRole('button', { name: 'Confirmar: aprovar' }).click();
  const res = await decided;
  expect(res.status(), await res.text()).toBe(200);
  await expect(proof).toBeHidden();
  await expect(row).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Situação' }).selectOption('aprovada');
  const approved = page.getByRole('row').filter({ hasText: resident.nome });
  await expect(approved).toContainText('Aprovada');
  await expect(approved).toContainText(MOTIVO);

  // The resident's profile: proven.
  await phone.reload();
  await expect(section).toContainText('CPF comprovado');
  await expect(section.getByRole('button', { name: 'Comprovar CPF' })).toHaveCount(0);
  await expectAccessible(phone);
  await phone.context().close();
});
