import { expect, test, type Page } from '@playwright/test';
import { loginAs, type Role } from './utils.js';

/**
 * Issue 11, headers: the built web app runs under the server's strict Content-Security-Policy
 * (no inline script, no eval) without a single violation on the screens each role uses.
 * A violation shows as a `securitypolicyviolation` event and as a console error; both count.
 */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  await page.exposeFunction('__reportCsp', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp(t: string): void }).__reportCsp(
        `${e.violatedDirective} bloqueou ${e.blockedURI || 'inline'} em ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  return seen;
}

/** Opens each path as a person would (a full load), waits for its heading and the network to settle. */
async function visit(page: Page, paths: string[]): Promise<void> {
  for (const p of paths) {
    await page.goto(p);
    await expect(page.getByRole('heading').first(), p).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
}

test('the page itself: every script is a file of the app, and the policy forbids inline scripts and eval', async ({
  request,
}) => {
  const res = await request.get('/', { headers: { accept: 'text/html' } });
  expect(res.status()).toBe(200);
  const csp = res.headers()['content-security-policy'] ?? '';
  const scriptSrc = /script-src([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
  expect(res.headers()['x-frame-options']).toBe('DENY');

  const html = await res.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attrs, body] of scripts) {
    expect(attrs, 'a script without src would be inline').toMatch(/\bsrc="/);
    expect(body.trim()).toBe('');
  }
  expect(html).not.toMatch(/\son[a-z]+="/i);
});

const SCREENS: Record<Extract<Role, 'consumidor' | 'parceiro' | 'super'>, string[]> = {
  consumidor: [
    '/',
    '/meu/extrato',
    '/meu/cupom',
    '/meu/conquista',
    '/meu/sorteados',
    '/turismo',
    '/perfil',
    '/notificacao',
  ],
  parceiro: ['/parceiro/vender', '/parceiro/aprovaavaliacao'],
  super: [
    '/admin/home',
    '/admin/campanha',
    '/admin/estabelecimento',
    '/admin/contemplado',
    '/admin/aviso',
    '/admin/notificacao',
    '/admin/auditoria',
  ],
};

for (const [role, paths] of Object.entries(SCREENS) as [keyof typeof SCREENS, string[]][]) {
  test(`no Content-Security-Policy violation on the screens of ${role}`, async ({ page }) => {
    test.slow();
    const violations = await watchCsp(page);
    await loginAs(page, role);
    await visit(page, paths);
    expect(violations).toEqual([]);
  });
}
