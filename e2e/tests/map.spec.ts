import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, loginAs } from './utils.js';

// The app runs with MAP_TILE_URL and GEOCODER_URL pointing at geocoder-stub.mjs (see
// playwright.config.ts): tiles and searches never leave 127.0.0.1.

async function openMap(page: Page): Promise<void> {
  await loginAs(page, 'admin');
  await page.goto('/mapa');
  await expect(page.getByRole('heading', { level: 1, name: 'Mapa' })).toBeVisible();
  await expect(page.locator('.leaflet-container')).toBeVisible();
}

const lat = (page: Page) => page.getByLabel('Latitude');
const lng = (page: Page) => page.getByLabel('Longitude');

test.describe('the admin map page', () => {
  test('search, drag and the keyboard move the marker; tiles come from the configured server', async ({
    page,
  }) => {
    const cspErrors: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
    });
    await openMap(page);
    await expect(page.locator('.leaflet-container')).toHaveCSS('height', '500px');
    await expect(page.locator('img.leaflet-tile-loaded').first()).toBeVisible();
    await expect(page.locator('img.leaflet-tile').first()).toHaveAttribute(
      'src',
      /^http:\/\/127\.0\.0\.1:\d+\/tiles\/13\/\d+\/\d+\.png$/,
    );
    await expect(lat(page)).toHaveValue('-23.96080000');
    await expect(lng(page)).toHaveValue('-46.33360000');

    // Drag the marker from its centre by (+80, +40) px: south-east.
    const marker = page.getByRole('button', { name: 'Marcador' });
    await marker.scrollIntoViewIfNeeded();
    const box = await marker.boundingBox();
    if (!box) throw new Error('marcador sem posição');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 40, y + 20, { steps: 5 });
    await page.mouse.move(x + 80, y + 40, { steps: 5 });
    await page.mouse.up();
    await expect(lat(page)).not.toHaveValue('-23.96080000');
    await expect(lng(page)).not.toHaveValue('-46.33360000');
    const dragged = { lat: Number(await lat(page).inputValue()), lng: Number(await lng(page).inputValue()) };
    expect(dragged.lat).toBeLessThan(-23.9608);
    expect(dragged.lng).toBeGreaterThan(-46.3336);
    await expect(lat(page)).toHaveValue(/^-23\.\d{8}$/);

    // The focused marker moves with the arrow keys.
    await marker.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => Number(await lng(page).inputValue())).toBeGreaterThan(dragged.lng);

    // An address the geocoder knows brings the map and the marker there.
    await page.getByRole('textbox', { name: 'Endereço' }).fill('Praça Mauá, Santos');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(lat(page)).toHaveValue('-23.96080000');
    await expect(lng(page)).toHaveValue('-46.33360000');
    await expect(page.getByText(/Encontrado: Praça Mauá/)).toBeVisible();

    // One it does not know.
    await page.getByRole('textbox', { name: 'Endereço' }).fill('Lugar que não existe');
    await page.getByRole('textbox', { name: 'Endereço' }).press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Endereço não encontrado' })).toBeVisible();
    await expect(lat(page)).toHaveValue('-23.96080000');

    await expectAccessible(page);
    expect(cspErrors).toEqual([]);
  });

  test('without the location permission it says so', async ({ page }) => {
    await openMap(page);
    await page.getByRole('button', { name: 'Minha localização' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Não foi possível obter a localização' }),
    ).toBeVisible();
    await expect(lat(page)).toHaveValue('-23.96080000');
  });

  test('copies the coordinates', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openMap(page);
    await page.getByRole('button', { name: 'Copiar coordenadas' }).click();
    await expect(page.getByText('Coordenadas copiadas')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('-23.96080000, -46.33360000');
  });
});

test.describe('with the location permission', () => {
  test('"Minha localização" moves the marker to the device position', async ({ browser }, testInfo) => {
    const use = testInfo.project.use;
    const context = await browser.newContext({
      baseURL: use.baseURL,
      viewport: use.viewport,
      isMobile: use.isMobile,
      hasTouch: use.hasTouch,
      locale: 'pt-BR',
      geolocation: { latitude: -23.987654321, longitude: -46.301234567 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    try {
      await openMap(page);
      await page.getByRole('button', { name: 'Minha localização' }).click();
      await expect(lat(page)).toHaveValue('-23.98765432');
      await expect(lng(page)).toHaveValue('-46.30123457');
      await expect(page.getByRole('alert')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
