import { expect, test } from '@playwright/test';
import { expectAccessible, loginAs } from './utils.js';

/** Issue 35, "The look": the consumer's tab bar on phones and the way to the QR claim. */

const isPhone = (name: string) => name === 'phone';

test("'Resgatar compra' on the home leads to the QR claim", async ({ page }) => {
  await loginAs(page, 'consumidor');
  const action = page.getByRole('link', { name: 'Resgatar compra', exact: true });
  await expect(action).toBeVisible();
  await action.click();
  await expect(page).toHaveURL(/\/meu\/resgatar$/);
  await expect(page.getByRole('heading', { name: 'Resgatar venda', level: 1 })).toBeVisible();
});

test('a consumer has the bottom tab bar on a phone only, and nothing hides behind it', async ({
  page,
}, testInfo) => {
  await loginAs(page, 'consumidor');
  const bar = page.getByRole('navigation', { name: 'Atalhos' });
  if (!isPhone(testInfo.project.name)) {
    await expect(page.getByRole('link', { name: 'Meus Perfil' })).toBeVisible();
    await expect(bar).toHaveCount(0);
    return;
  }
  await expect(bar).toBeVisible();
  const tabs = bar.getByRole('link');
  // The bell's tab also shows the unread count (its description, not its name).
  await expect(tabs).toHaveText(['Início', 'Cupons', 'Resgatar', /^\d*Notificações$/, 'Perfil']);
  await expect(tabs.nth(3)).toHaveAccessibleName('Notificações');
  await expect(bar.getByRole('link', { name: 'Início' })).toHaveAttribute('aria-current', 'page');
  // It stays at the bottom of the screen.
  const box = await bar.boundingBox();
  expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(page.viewportSize()?.height);
  await expectAccessible(page);

  // At the very end of the page the footer is above the bar, not under it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footer = page.getByRole('contentinfo');
  await expect(footer).toBeInViewport();
  await expect
    .poll(async () => {
      const f = await footer.boundingBox();
      const b = await bar.boundingBox();
      return (f?.y ?? 0) + (f?.height ?? 0) <= (b?.y ?? 0) + 1;
    })
    .toBe(true);

  // The keyboard reaches the tabs and follows them.
  await bar.getByRole('link', { name: 'Cupons' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/meu\/conquista$/);
  await expect(bar.getByRole('link', { name: 'Cupons' })).toHaveAttribute('aria-current', 'page');
  await bar.getByRole('link', { name: 'Resgatar' }).click();
  await expect(page).toHaveURL(/\/meu\/resgatar$/);
  await bar.getByRole('link', { name: 'Notificações' }).click();
  await expect(page).toHaveURL(/\/notificacao$/);
  await bar.getByRole('link', { name: 'Perfil' }).click();
  await expect(page).toHaveURL(/\/perfil$/);
  await expectAccessible(page);
});

test('an admin has no tab bar, on a phone either', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page.getByTestId('card-Online')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Atalhos' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Meus Perfil' })).toBeVisible();
});
