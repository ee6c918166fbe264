import { expect, test } from '@playwright/test';
import { expectAccessible, loginAs, openNavigation } from './utils.js';

/**
 * Issue 39, "a door for shop systems": the partner makes an API key in /parceiro/integracao,
 * sees it once with its warning and copy button, the key lists its shop's sales through the
 * API, and once revoked (after a confirmation) it is refused.
 */

const SHOP = 'Padaria Bella Vista';

test('a partner creates an API key, uses it once and revokes it', async ({ page }, testInfo) => {
  test.slow();
  await loginAs(page, 'parceiro');
  await openNavigation(page);
  await page.getByRole('button', { name: 'Parceiro' }).first().click();
  await page.getByRole('menuitem', { name: 'Integração' }).click();
  await expect(page).toHaveURL(/\/parceiro\/integracao$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Integração' })).toBeVisible();

  const nome = `Caixa ${testInfo.project.name} ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Nome da chave' }).fill(nome);
  await page
    .getByRole('region', { name: 'Chaves de API' })
    .getByRole('combobox', { name: 'Estabelecimento' })
    .click();
  await page.getByRole('option', { name: SHOP }).click();
  await page.getByRole('button', { name: 'Criar chave' }).click();

  const shown = page.getByTestId('segredo-mostrado');
  await expect(shown).toHaveText(/^praca_[A-Za-z0-9_-]{43}$/);
  const chave = (await shown.textContent())!.trim();
  await expect(page.getByText(/única vez que ela aparece/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copiar' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: nome });
  await expect(row).toContainText(SHOP);
  await expect(row).toContainText('Nunca usada');
  await expectAccessible(page);

  // The shop's system uses it: its shop's sales, and nothing else.
  const session = await page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('praca.sessao') ?? '{}') as {
        estabelecimentos?: Record<string, string>;
      },
  );
  const shopId = Object.entries(session.estabelecimentos ?? {}).find(([, n]) => n === SHOP)?.[0];
  expect(shopId).toBeTruthy();
  const auth = { authorization: `Bearer ${chave}` };
  const sales = await page.request.get(`/v1/parceiro/vendas?id_estabelecimento=${shopId}&id_campanha=0`, {
    headers: auth,
  });
  expect(sales.status()).toBe(200);
  expect((await page.request.get('/v1/parceiro/chaves', { headers: auth })).status()).toBe(401);

  await page.getByRole('button', { name: 'Já copiei' }).click();
  await expect(shown).toBeHidden();
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: nome })).not.toContainText('Nunca usada');

  await page.getByRole('button', { name: `Revogar a chave ${nome}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Revogar chave' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Revogar' }).click();
  await expect(page.getByRole('row').filter({ hasText: nome })).toHaveCount(0);
  const refused = await page.request.get(`/v1/parceiro/vendas?id_estabelecimento=${shopId}&id_campanha=0`, {
    headers: auth,
  });
  expect(refused.status()).toBe(401);
  const { doc, view } = await page.evaluate(() => ({
    doc: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(doc).toBeLessThanOrEqual(view);
});

test('an admin registers a city webhook, sees its secret once, and removes it', async ({
  page,
}, testInfo) => {
  test.slow();
  await loginAs(page, 'admin');
  await page.goto('/admin/webhooks');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  // A public address literal (no DNS lookup), for an event no other test causes: nothing is sent.
  const url = `https://203.0.114.9/praca-${testInfo.project.name}-${Date.now()}`;
  await page.getByRole('textbox', { name: /Endereço/ }).fill(url);
  await page.getByRole('checkbox', { name: 'Venda registrada' }).uncheck();
  await page.getByRole('checkbox', { name: 'Apuração apurada' }).check();
  await page.getByRole('button', { name: 'Cadastrar webhook' }).click();
  await expect(page.getByTestId('segredo-mostrado')).toHaveText(/^whsec_/);
  const item = page.getByRole('listitem').filter({ hasText: url });
  await expect(item).toContainText('Toda a cidade');
  await item.getByRole('button', { name: 'Histórico de entregas' }).click();
  await expect(item.getByText('Nenhum evento enviado ainda.')).toBeVisible();
  await expectAccessible(page);
  const { doc, view } = await page.evaluate(() => ({
    doc: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(doc).toBeLessThanOrEqual(view);

  await item.getByRole('button', { name: `Remover o webhook ${url}` }).click();
  await page
    .getByRole('dialog', { name: 'Remover webhook' })
    .getByRole('button', { name: 'Remover' })
    .click();
  await expect(page.getByRole('listitem').filter({ hasText: url })).toHaveCount(0);
});
