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
    // The toast is above the dialog and its overlay (its layer is higher than theirs), where a
    // person sees it; it lets taps through to the dialog (pointer-events), all but its close button.
    const layers = await page.evaluate(() => {
      const z = (sel: string) =>
        Array.from(document.querySelectorAll(sel)).map((el) => Number(getComputedStyle(el).zIndex) || 0);
      return {
        toasts: z('.mantine-Notifications-root'),
        dialogs: z('.mantine-Modal-overlay, .mantine-Modal-inner'),
      };
    });
    expect(Math.min(...layers.toasts)).toBeGreaterThan(Math.max(...layers.dialogs));
    const toast = page.locator('.mantine-Notification-root', { hasText: 'Venda registrada' }).first();
    await expect(toast).toHaveCSS('pointer-events', 'none');
    await expect(toast.getByRole('button', { name: 'Fechar aviso' })).toHaveCSS('pointer-events', 'auto');
    await expectAccessible(page);
  });
}
