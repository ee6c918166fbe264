import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  chooseAdminCity,
  closeNotices,
  expectAccessible,
  expectToast,
  loginAs,
  registerConsumer,
  submitLogin,
} from './utils.js';

/**
 * Issue 8, end to end: an administrator sends a notification to 'Eu' (themselves), the bell
 * counts it, opening the list shows it and reads it (the bell's count goes, issue 35), and
 * deleting it takes it off the list. The two
 * projects run at once against one database, so each uses its own staff account and inbox
 * (the demo staff start with no unread notification): the city admin on the desktop, the
 * super-admin, who must first choose a city, on the 360 px phone. Only 'Eu' is ever sent
 * here: N or P to Santos would change what other specs count.
 */

test.slow();

const tag = () => randomBytes(3).toString('hex');
const GUARUJA = '3518701';

test('an admin sends a notification to themselves, sees it counted and listed, and deletes it', async ({
  page,
}, testInfo) => {
  const role = testInfo.project.name === 'phone' ? 'super' : 'admin';
  const titulo = `Reunião de lojistas ${tag()}`;
  const mensagem = 'Quinta-feira, às 19h,\nno auditório da prefeitura.';

  await loginAs(page, role);
  if (role === 'super') await chooseAdminCity(page, GUARUJA);
  const bell = page.getByRole('link', { name: 'Notificações' });
  await expect(bell).toBeVisible();
  await expect(bell).not.toHaveAttribute('aria-describedby');

  await page.goto('/admin/notificacao');
  await expect(page.getByRole('heading', { name: 'Notificação', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: /^Título/ }).fill(titulo);
  const corpo = page.getByRole('textbox', { name: /^Mensagem/ });
  await corpo.fill(mensagem);
  await expect(page.getByText(`${mensagem.length}/2000`)).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Enviar para' }).getByRole('radio', { name: 'Eu' }).check();
  await page.getByRole('radiogroup', { name: 'Push para' }).getByRole('radio', { name: 'Eu' }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Enviar' }).click();

  await expect(page).toHaveURL(/\/admin\/home$/);
  // Nobody subscribed this browser to push, so no push goes out.
  await expectToast(page, 'Notificação enviada para 1 pessoa · 0 push enviados, 0 falharam');
  await expect(bell).toHaveAccessibleDescription('1 notificação');
  await expect(page.getByTestId('notificacoes-badge')).toContainText('1');

  await bell.click();
  await expect(page).toHaveURL(/\/notificacao$/);
  await expect(page.getByRole('heading', { name: 'Notificações', level: 1 })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: titulo });
  await expect(item.getByRole('heading', { name: titulo, level: 2 })).toBeVisible();
  await expect(item).toContainText('Quinta-feira, às 19h,');
  await expect(item).toContainText('no auditório da prefeitura.');
  await expect(item).toContainText(/Recebida em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  // Opening the list read it: the bell counts the unread only, so its badge goes (issue 35).
  await expect(bell).not.toHaveAttribute('aria-describedby');
  await expect(page.getByTestId('notificacoes-badge')).not.toContainText('1');
  // Chromium has Web Push, so the page offers to turn it on for this device.
  await expect(page.getByRole('button', { name: 'Ativar notificações neste aparelho' })).toBeVisible();
  await expect(page.getByText('Notificações neste aparelho: não ativado')).toBeVisible();
  await expectAccessible(page);
  // A reload asks the server again: read for good, and still on the list.
  await page.reload();
  await expect(item.getByRole('heading', { name: titulo, level: 2 })).toBeVisible();
  await expect(bell).not.toHaveAttribute('aria-describedby');

  await item.getByRole('button', { name: `Excluir notificação ${titulo}` }).click();
  await expect(item).toHaveCount(0);
  await expect(bell).not.toHaveAttribute('aria-describedby');
  // A reload asks the server again: it is really gone.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Notificações', level: 1 })).toBeVisible();
  await expect(
    page.getByText('Você não tem notificações').or(page.getByRole('list', { name: 'Notificações' })),
  ).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect(bell).not.toHaveAttribute('aria-describedby');
});

test('the app is installable: manifest, icons and service worker are served', async ({ page, request }) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  const json = (await manifest.json()) as { name: string; start_url: string; icons: { src: string }[] };
  expect(json.name).toBe('Praça');
  expect(json.start_url).toBe('.');
  for (const icon of json.icons) {
    const res = await request.get(`/${icon.src}`);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  expect(await sw.text()).toContain("addEventListener('push'");
  // The browser accepts it: the registration under the app's scope works.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.register('/sw.js')).scope);
  expect(scope).toMatch(/\/$/);
});

test('a push that arrives while the app is open is stored and counted, and read on the list', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const titulo = `Promoção relâmpago ${tag()}`;
  const who = await registerConsumer(request, `Compradora ${tag()}`);
  await context.grantPermissions(['notifications']);
  await submitLogin(page, '/login', who.email, who.senha);
  await closeNotices(page);
  await page.goto('/notificacao');
  await expect(page.getByText('Você não tem notificações')).toBeVisible();

  // The service worker the page registers, as 'Ativar notificações' does before subscribing.
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  const scope = await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    return (await navigator.serviceWorker.ready).scope;
  });
  await expect.poll(() => registrations.find((r) => r.scopeURL === scope)?.registrationId).toBeTruthy();
  const registrationId = registrations.find((r) => r.scopeURL === scope)!.registrationId;

  // On another page (the list would read it at once), Chromium delivers a Web Push message to
  // the worker as a push service would.
  await page.goto('/perfil');
  const bell = page.getByRole('link', { name: 'Notificações' });
  await expect(bell).toBeVisible();
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL!).origin,
    registrationId,
    data: JSON.stringify({ title: titulo, body: 'Só hoje, 20% off.', image: '', url: '/notificacao' }),
  });
  await expect(bell).toHaveAccessibleDescription('1 notificação');
  await bell.click();
  const item = page.getByRole('listitem').filter({ hasText: titulo });
  await expect(item).toContainText('Só hoje, 20% off.');
  await expect(bell).not.toHaveAttribute('aria-describedby');
  // The worker also showed it as a system notification, with the app icon. It may show it a
  // moment after the page heard of it (both happen in the worker's push handler), so poll.
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        icon: n.icon,
        url: (n.data as { url?: string } | null)?.url,
      })),
    );
  await expect.poll(shown).toContainEqual({
    title: titulo,
    body: 'Só hoje, 20% off.',
    icon: `${new URL(baseURL!).origin}/icons/icon-192.png`,
    url: '/notificacao',
  });
  await cdp.detach();
});
