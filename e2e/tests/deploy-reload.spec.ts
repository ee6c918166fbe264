import { expect, test, type Page } from '@playwright/test';
import { loginAs } from './utils.js';

/**
 * The home's carousels stand still (no autoplay): otherwise the first shop may have slid out of
 * view while the page reloads, and the click after the reload misses it.
 */
test.use({ reducedMotion: 'reduce' });

/** The router's fallback (spec §2). */
const ERRO = 'Unexpected Application Error!';

/**
 * Issue 51: the app's files replaced while a person has it open (a deploy). The code chunks of
 * the old build then answer 404; the app reloads once into the new version and shows the
 * screen asked for, never the router's fallback ('Unexpected Application Error!').
 *
 * The deploy is simulated: the chunks of the screen to open answer 404 (the old build's files
 * are gone) until the app fetches its page again (what it does, past the caches, just before
 * reloading); from then on the "new version" serves them.
 */
async function deployed(page: Page, chunks: RegExp): Promise<void> {
  let renewed = false;
  page.on('request', (r) => {
    if (
      r.resourceType() === 'fetch' &&
      new URL(r.url()).origin === new URL(page.url()).origin &&
      !r.url().includes('/v1/')
    )
      renewed = true;
  });
  await page.route(chunks, (route) =>
    renewed ? route.continue() : route.fulfill({ status: 404, contentType: 'text/html', body: 'Not Found' }),
  );
}

/** The app reloaded itself (its once-per-build flag is set) and shows no error page. */
async function expectReloadedOnce(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('praca-recarregou')).catch(() => null), {
      timeout: 15_000,
    })
    .not.toBeNull();
  await expect(page.getByText(ERRO)).toHaveCount(0);
}

test('a lazily loaded screen opened after a deploy reloads once into it', async ({ page }) => {
  await deployed(page, /\/assets\/participantes-[^/]+\.js$/);
  await loginAs(page, 'consumidor');
  await page.getByRole('link', { name: 'Buscar estabelecimentos' }).click();
  await expectReloadedOnce(page);
  await expect(page).toHaveURL(/\/meu\/participantes$/);
  await expect(page.getByRole('heading', { name: 'Participantes', level: 1 })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText(ERRO)).toHaveCount(0);
});

test('the shop popup after a deploy: the page reloads once, then the popup opens', async ({ page }) => {
  await deployed(page, /\/assets\/shop-popup-[^/]+\.js$/);
  await loginAs(page, 'consumidor');
  const shops = page.getByRole('region', { name: 'Estabelecimentos participantes' });
  await shops.getByRole('group').first().getByRole('button').first().click();
  await expectReloadedOnce(page);
  // The new version: the home again (its notices already seen), and the popup opens.
  await expect(page.getByRole('dialog')).toBeHidden();
  await shops.getByRole('group').first().getByRole('button').first().click();
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(ERRO)).toHaveCount(0);
});
