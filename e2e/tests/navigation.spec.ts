import { expect, test } from '@playwright/test';
import { loginAs, openNavigation } from './utils.js';

test('a consumer sees Home, Turismo and Meu, and no partner or admin menu', async ({ page }) => {
  await loginAs(page, 'consumidor');
  await openNavigation(page);
  await expect(page.getByRole('link', { name: 'Turismo' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Meu' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Parceiro' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Administrador' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Meu' }).first().click();
  // The spec's entries, the QR claim (issue 35), the resident's lucky numbers (issue 36) and
  // the fiscal receipt's scan (issue 53).
  for (const item of [
    'Participantes',
    'Sorteados',
    'Extrato',
    'Resgatar compra',
    'Meus números da sorte',
    'Escanear nota fiscal',
    'Sair',
  ]) {
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  }
  await expect(page.getByRole('menuitem')).toHaveCount(7);
  await page.getByRole('menuitem', { name: 'Resgatar compra' }).click();
  await expect(page).toHaveURL(/\/meu\/resgatar$/);
  // The profile sits beside the bell, outside the spec's menu; on a phone, in the tab bar.
  await page.goto('/');
  await page.getByRole('link', { name: /^(Meus )?Perfil$/ }).click();
  await expect(page).toHaveURL(/\/perfil$/);
});

test('the partner sees the Parceiro menu', async ({ page }) => {
  await loginAs(page, 'parceiro');
  await openNavigation(page);
  await page.getByRole('button', { name: 'Parceiro' }).first().click();
  for (const item of ['Aprova Avaliação', 'Vender', 'Estabelecimento', 'Integração', 'Sair']) {
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  }
});

test('the admin sees the Administrador menu and the city selector', async ({ page }) => {
  await loginAs(page, 'super');
  await openNavigation(page);
  const cidade = page.getByRole('combobox', { name: 'Cidade', exact: true }).first();
  await expect(cidade).toBeVisible();
  await expect(cidade.locator('option').first()).toHaveText('Cidade');
  await expect(cidade.locator('option', { hasText: ' - SP' }).first()).toBeAttached();
  await page.getByRole('button', { name: 'Administrador' }).first().click();
  for (const item of [
    'Home',
    'Aprova Avaliação',
    'Vender',
    'Campanha',
    'Estabelecimento',
    'Contemplado',
    'Notificação',
    'Avisos',
    'Promoções',
    'Turismo',
    'Auditoria',
    'Alertas',
    'Webhooks',
    'Sair',
  ]) {
    await expect(page.getByRole('menuitem', { name: item, exact: true })).toBeVisible();
  }
});

test('the footer shows the version', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('2025.01.02.001')).toBeVisible();
});
