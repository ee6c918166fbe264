import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible, expectToastClearOf, loginAs } from './utils.js';

/**
 * Issue 51, the one notice path: a toast shown over an open dialog sits above it (never
 * behind the overlay) and covers neither the dialog's title nor the QR Code's instructions,
 * at the top centre on a desktop and above the bottom of the screen on a phone; and it leaves
 * the dialog's text readable for axe.
 */

for (const width of [1366, 360]) {
  test(`at ${width} px, the sale's toast leaves the QR Code dialog's title and instructions clear`, async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'each width is set here');
    await page.setViewportSize({ width, height: width > 600 ? 768 : 780 });
    await loginAs(page, 'parceiro');
    await page.getByRole('button', { name: 'Nova venda' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova venda' });
    await expect(dialog.getByRole('combobox', { name: 'Campanha' })).not.toHaveValue('');
    const numero = `TOAST-${randomBytes(4).toString('hex')}`;
    await dialog.getByLabel('Número da venda').fill(numero);
    await dialog.getByLabel('Valor').fill('87,50');
    await dialog.getByRole('button', { name: 'Gerar QR Code' }).click();

    const qr = page.getByRole('dialog', { name: 'QR Code da venda' });
    await expect(qr.getByRole('img', { name: `QR Code da venda ${numero}` })).toBeVisible();
    await expectToastClearOf(page, 'Venda registrada: mostre o QR Code ao cliente', [
      qr.getByRole('heading', { name: 'QR Code da venda' }),
      qr.getByText(/Peça ao cliente para abrir/),
    ]);
    // The toast is above the dialog's overlay, where a person sees it.
    const toast = page.locator('.mantine-Notification-root', { hasText: 'Venda registrada' }).first();
    const box = (await toast.boundingBox())!;
    const onTop = await page.evaluate(
      ({ x, y }) => !!document.elementFromPoint(x, y)?.closest('.mantine-Notification-root'),
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(onTop).toBe(true);
    await expectAccessible(page);
  });
}
