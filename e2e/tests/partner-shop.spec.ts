import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectToast, loginAs, openNavigation } from './utils.js';

/**
 * Issue 35, blocker 1: Parceiro → Estabelecimento opened the admin screen, whose guard ended
 * the partner's session. The partner now has its own screen: its shops as cards and a form for
 * what a shop owner keeps.
 */

const SHOP = 'Empório Bella Vista';

/**
 * Desktop and phone edit the same shop's phone: one at a time, so neither reads the other's
 * number back (a lock directory shared by the run's workers; the run's data folder names it).
 */
async function oneAtATime<T>(fn: () => Promise<T>): Promise<T> {
  const run = path.basename(process.env.E2E_DATA_DIR ?? 'praca-e2e');
  const lock = path.join(os.tmpdir(), `${run}-parceiro-estabelecimento.lock`);
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`lock ${lock} held too long`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { doc, view } = await page.evaluate(() => ({
    doc: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(doc).toBeLessThanOrEqual(view);
}

test('the partner opens Estabelecimento from its menu, stays signed in and saves the telefone', async ({
  page,
}, testInfo) => {
  test.slow();
  await loginAs(page, 'parceiro');
  await openNavigation(page);
  await page.getByRole('button', { name: 'Parceiro' }).first().click();
  await page.getByRole('menuitem', { name: 'Estabelecimento' }).click();

  await expect(page).toHaveURL(/\/parceiro\/estabelecimento$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Estabelecimento' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Seus estabelecimentos' });
  await expect(cards.getByRole('listitem')).toHaveCount(2);
  await expect(cards.getByRole('heading', { name: SHOP })).toBeVisible();
  await expect(cards.getByRole('heading', { name: 'Padaria Bella Vista' })).toBeVisible();
  const form = page.getByRole('form', { name: `Dados de ${SHOP}` });
  await expect(form.getByRole('textbox', { name: 'Telefone' })).not.toHaveValue('');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // Still signed in: the partner's own pages open, nothing sends it to a login.
  await openNavigation(page);
  await expect(page.getByRole('button', { name: 'Parceiro' }).first()).toBeVisible();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  if (await drawer.isVisible()) {
    await drawer.getByRole('button', { name: 'Fechar menu' }).click();
    await expect(drawer).toBeHidden();
  }

  const telefone = testInfo.project.name === 'phone' ? '(13) 3222-0360' : '(13) 3222-1366';
  await oneAtATime(async () => {
    const field = form.getByRole('textbox', { name: 'Telefone' });
    await field.click();
    await field.press('ControlOrMeta+a');
    await field.press('Backspace');
    await field.pressSequentially(telefone.replace(/\D/g, ''));
    await expect(field).toHaveValue(telefone);
    // The keyboard saves: Enter in a field submits the form.
    await field.press('Enter');
    await expectToast(page, 'Estabelecimento salvo');
    await expect(cards.getByRole('listitem').filter({ hasText: SHOP })).toContainText(
      `Telefone: ${telefone}`,
    );

    await page.reload();
    await expect(page).toHaveURL(/\/parceiro\/estabelecimento$/);
    await expect(form.getByRole('textbox', { name: 'Telefone' })).toHaveValue(telefone);
  });

  await page.goto('/parceiro/vender');
  await expect(page).toHaveURL(/\/parceiro\/vender$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the partner moves to its other shop with Editar, by keyboard', async ({ page }) => {
  await loginAs(page, 'parceiro');
  await page.goto('/parceiro/estabelecimento');
  const editar = page.getByRole('button', { name: 'Editar Padaria Bella Vista' });
  await editar.focus();
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { name: 'Editar Padaria Bella Vista' });
  await expect(heading).toBeFocused();
  const form = page.getByRole('form', { name: 'Dados de Padaria Bella Vista' });
  await expect(form.getByRole('textbox', { name: 'Bairro' })).toHaveValue('Gonzaga');
  await expect(form.getByRole('textbox', { name: 'Nome do vendedor Carla Nunes' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});
