import { expect, test, type Page } from '@playwright/test';
import { loginAs } from './utils.js';

/** The router's fallback (spec §2). */
const ERRO = 'Unexpected Application Error!';

/**
 * Issue 51: the app's files replaced while a person has it open (a deploy). The code chunks of
 * the old build then answer 404; the app reloads once into the new version and shows the
 * screen asked for, never the router's fallback ('Unexpected Application Error!').
 *
 * The deploy is simulated: from now on every code chunk the page asks for answers 404, until
 * the app fetches its page again (what it does, past the caches, just before reloading), after
 * which the "new version" serves them.
 */
async function deployNow(page: Page): Promise<{ reloads: () => number }> {
  let deployed = false;
  let reloads = 0;
  page.on('request', (r) => {
    if (r.url() === page.url() && r.resourceType() === 'fetch') deployed = true;
  });
  page.on('load', () => reloads++);
  await page.route(/\/assets\/.+\.(js|css)$/, (route) =>
    deployed ? route.continue() : route.fulfill({ status: 404, contentType: 'text/html', body: 'Not Found' }),
  );
  return { reloads: () => reloads };
}

test('a lazily loaded screen opened after a deploy reloads once into it', async ({ page }) => {
  await loginAs(page, 'consumidor');
  const deploy = await deployNow(page);
  await page.getByRole('link', { name: 'Buscar estabelecimentos' }).click();
  await expect(page.getByRole('list', { name: 'Estabelecimentos participantes' })).toBeVisible({
    timeout: 15_000,
  });
  expect(deploy.reloads()).toBe(1);
  await expect(page.getByText(ERRO)).toHaveCount(0);
});

test('the shop popup after a deploy: the page reloads once, then the popup opens', async ({ page }) => {
  await loginAs(page, 'consumidor');
  const shops = page.getByRole('region', { name: 'Estabelecimentos participantes' });
  await expect(shops.getByRole('group').first()).toBeVisible();
  const deploy = await deployNow(page);
  const card = shops.getByRole('group').first().getByRole('button').first();
  const name = (await shops.getByRole('group').first().getByRole('heading').first().textContent())?.trim();
  await card.click();
  await expect.poll(deploy.reloads, { timeout: 15_000 }).toBe(1);
  await expect(page.getByText(ERRO)).toHaveCount(0);
  // The new version: the home again (the notices were seen), and the popup opens.
  await expect(shops.getByRole('group').first()).toBeVisible({ timeout: 15_000 });
  await shops.getByRole('group').first().getByRole('button').first().click();
  await expect(page.getByRole('dialog', name ? { name } : {})).toBeVisible();
  await expect(page.getByText(ERRO)).toHaveCount(0);
});
