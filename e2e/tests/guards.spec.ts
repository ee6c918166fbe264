import { expect, test } from '@playwright/test';
import { expectAccessible, loginAs } from './utils.js';

const consumerPages = [
  '/',
  '/perfil',
  '/notificacao',
  '/turismo',
  '/meu/extrato',
  '/meu/conquista',
  '/meu/participantes',
  '/meu/sorteados',
  '/meu/desconto',
  '/meu/cupom',
];
const partnerPages = [
  '/parceiro/vender',
  '/parceiro/aprovaavaliacao',
  '/parceiro/estabelecimento',
  '/parceiro/home',
  '/parceiro/cupom',
  '/parceiro/desconto',
];
const adminPages = [
  '/admin/home',
  '/admin/aprovaavaliacao',
  '/admin/vender',
  '/admin/campanha',
  '/admin/estabelecimento',
  '/admin/contemplado',
  '/admin/notificacao',
  '/admin/aviso',
  '/admin/promocoes',
  '/admin/turismo',
  '/admin/auditoria',
  '/mapa',
];

const doors: [string, string[], RegExp][] = [
  // A consumer page comes back after the login: /login?next=<the page> (the home page needs none).
  ['consumer', consumerPages, /\/login(\?next=%2F[^&]*)?$/],
  ['partner', partnerPages, /\/parceiro\/login$/],
  ['admin', adminPages, /\/admin\/login$/],
];
for (const [name, pages, login] of doors) {
  test(`without a session, ${name} pages go to their login`, async ({ page }) => {
    // A whole page load each (the admin pages: 12, some 28 s on a busy 2-core host).
    test.slow();
    for (const path of pages) {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await expect(page, path).toHaveURL(login);
    }
  });
}

test('a consumer is kept out of partner and admin pages', async ({ page }) => {
  await loginAs(page, 'consumidor');
  await page.goto('/parceiro/vender');
  await expect(page).toHaveURL(/\/parceiro\/login$/);
  await loginAs(page, 'consumidor');
  await page.goto('/admin/home');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('placeholder pages show their titles', async ({ page }) => {
  // Two logins, five page loads and an accessibility scan: 27–31 s on a busy CI host, where the
  // 30 s default cut it off on both projects before their retries passed.
  test.slow();
  await loginAs(page, 'consumidor');
  for (const [path, title] of [
    ['/meu/desconto', 'Meu Desconto'],
    ['/meu/cupom', 'Meu Cupom'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }
  await expectAccessible(page);
  await loginAs(page, 'parceiro');
  for (const [path, title] of [
    ['/parceiro/home', 'Home Parceiro'],
    ['/parceiro/cupom', 'Cupom Parceiro'],
    ['/parceiro/desconto', 'Desconto Parceiro'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }
});

const sweeps: [string, 'consumidor' | 'parceiro' | 'super', string[]][] = [
  ['consumer', 'consumidor', consumerPages],
  ['partner', 'parceiro', partnerPages],
  ['admin', 'super', adminPages],
];
for (const [name, role, pages] of sweeps) {
  test(`every ${name} page opens with its title and passes the accessibility scan`, async ({ page }) => {
    // A page load and an axe scan each: 12 s a page of room (the admin pages once took over 90 s).
    test.setTimeout(Math.max(90_000, pages.length * 12_000));
    await loginAs(page, role);
    for (const path of pages) {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      await expectAccessible(page);
    }
  });
}

test('/erro401 and unknown routes', async ({ page }) => {
  await page.goto('/erro401');
  await expect(page.getByText('Erro 401')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/nao-existe/mesmo');
  await expect(page.getByText('Unexpected Application Error!')).toBeVisible();
});

test('a 401 from the API clears the session and goes to /login', async ({ page }) => {
  await loginAs(page, 'parceiro');
  // The server forgets the session (as after a logout elsewhere); the pending-reviews screen's
  // next call then answers 401.
  await page.evaluate(async () => {
    const key = Object.keys(localStorage).find((k) => (localStorage.getItem(k) ?? '').includes('"token"'));
    const token = key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { token?: string }).token : '';
    const res = await fetch('/v1/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`logout ${res.status}`);
  });
  await page.goto('/parceiro/aprovaavaliacao');
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});
