import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible, expectToast, loginAs, openNavigation } from './utils.js';

/**
 * Issue 11, end to end: what an admin changes shows in the city's audit log, found through
 * the Administrador menu, filtered by entity and by the author's name, with the values before
 * and after. Each run makes its own notice with a unique title.
 */

test.slow();

const tag = () => randomBytes(3).toString('hex');

test("the city admin's change of a notice is in Auditoria, by entity and author, with before and after", async ({
  page,
}) => {
  const antes = `Feira de Outono ${tag()}`;
  const depois = `${antes} (adiada)`;

  // The write: a new notice, then its title changed.
  await loginAs(page, 'admin');
  await page.goto('/admin/aviso');
  await page.getByRole('button', { name: 'Novo' }).click();
  const novo = page.getByRole('dialog', { name: 'Novo aviso' });
  await novo.getByLabel(/^Título/).fill(antes);
  await novo.getByRole('button', { name: 'Salvar' }).click();
  await expect(novo).toBeHidden();
  await expectToast(page, 'Aviso salvo');
  await page.getByRole('button', { name: `Editar ${antes}` }).click();
  const editar = page.getByRole('dialog', { name: antes });
  const id = await editar.getByRole('textbox', { name: 'Id', exact: true }).inputValue();
  await editar.getByLabel(/^Título/).fill(depois);
  await editar.getByRole('button', { name: 'Salvar' }).click();
  await expect(editar).toBeHidden();
  await expect(page.getByRole('button', { name: `Editar ${depois}` })).toBeVisible();

  // Administrador → Auditoria.
  await openNavigation(page);
  await page.getByRole('button', { name: 'Administrador' }).first().click();
  await page.getByRole('menuitem', { name: 'Auditoria', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/auditoria$/);
  await expect(page.getByRole('heading', { name: 'Auditoria', level: 1 })).toBeVisible();
  const change = page.getByRole('button', {
    name: `Detalhes: Alterar Aviso ${id} por Ana Administradora Souza`,
  });
  const creation = page.getByRole('button', {
    name: `Detalhes: Criar Aviso ${id} por Ana Administradora Souza`,
  });
  // Newest first: the change is listed above the creation.
  await expect(change).toBeVisible();
  await expect(creation).toBeVisible();
  const rows = page.getByRole('region', { name: 'Registros de auditoria' }).getByRole('row');
  const texts = await rows.allTextContents();
  const changeRow = texts.findIndex((t) => t.includes('Alterar') && t.includes(`Aviso${id}`));
  const creationRow = texts.findIndex((t) => t.includes('Criar') && t.includes(`Aviso${id}`));
  expect(changeRow).toBeGreaterThan(0);
  expect(creationRow).toBeGreaterThan(changeRow);
  await expectAccessible(page);
  // The page itself never scrolls sideways (at 360 px only the table does).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // By entity: only notices.
  const entidade = page.getByRole('combobox', { name: /Entidade/ });
  await entidade.selectOption({ label: 'Venda' });
  await expect(change).toBeHidden();
  await entidade.selectOption({ label: 'Aviso' });
  await expect(change).toBeVisible();
  const entities = await rows.locator('td:nth-child(4)').allTextContents();
  expect(new Set(entities)).toEqual(new Set(['Aviso']));

  // By the author's name, typed without accents or case; someone else finds nothing.
  const usuario = page.getByRole('searchbox', { name: /Usuário/ });
  await usuario.fill('ninguém com este nome');
  await expect(page.getByText('Nenhum registro de auditoria encontrado com estes filtros.')).toBeVisible();
  await usuario.fill('ADMINISTRADORA');
  await expect(change).toBeVisible();
  const authors = await rows.locator('td:nth-child(2)').allTextContents();
  expect(authors.every((a) => a.includes('admin@praca.demo'))).toBe(true);

  // The values before and after, from the keyboard.
  await change.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /^Registro de auditoria \d+$/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('1 campo alterado, destacado no topo.')).toBeVisible();
  const first = dialog.getByRole('row').nth(1);
  await expect(first.getByRole('rowheader')).toHaveText('titlealterado');
  await expect(first.getByRole('cell').nth(0)).toHaveText(antes);
  await expect(first.getByRole('cell').nth(1)).toHaveText(depois);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(change).toBeFocused();
});
