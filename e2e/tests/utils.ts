import { createHash } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO = {
  consumidor: { email: 'consumidor@praca.demo', login: '/login', home: '/' },
  parceiro: { email: 'parceiro@praca.demo', login: '/parceiro/login', home: '/parceiro/vender' },
  admin: { email: 'admin@praca.demo', login: '/admin/login', home: '/admin/home' },
  super: { email: 'super@praca.demo', login: '/admin/login', home: '/admin/home' },
} as const;

export type Role = keyof typeof DEMO;

/**
 * Fills a login page as a person does and waits to land where the spec says. The demo
 * consumer's home opens the notices popup on load (spec §2); it is closed here unless the
 * test wants to look at it (`keepNotices`).
 */
export async function loginAs(page: Page, role: Role, { keepNotices = false } = {}): Promise<void> {
  const who = DEMO[role];
  await submitLogin(page, who.login, who.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`${who.home.replace(/\//g, '\\/')}$`));
  if (role === 'consumidor' && !keepNotices) await closeNotices(page);
}

export async function submitLogin(page: Page, path: string, email: string, senha: string): Promise<void> {
  await page.goto(path);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByRole('button', { name: 'Acessar' }).click();
}

/** No serious or critical accessibility violation on what the page shows now. */
export async function expectAccessible(page: Page): Promise<void> {
  // A popup or drawer still fading in or out is drawn half transparent, and axe then measures
  // its colours against what shows through (a flaky color-contrast). Wait for every finite CSS
  // transition or animation to end; endless ones (skeletons, loaders) are not waited for, and
  // after 5 s the scan runs as the page is.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

export const uniqueEmail = (prefix: string): string =>
  `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@teste.praca`;

/**
 * Menus sit behind the 'Abrir menu' burger on a phone. Waits until one of the two layouts is
 * painted (the page renders just after the URL changes), then opens the drawer if needed.
 */
export async function openNavigation(page: Page): Promise<void> {
  const burger = page.getByRole('button', { name: 'Abrir menu' });
  await expect(burger.or(page.getByRole('navigation', { name: 'Menu principal' }))).toBeVisible();
  if (await burger.isVisible()) await burger.click();
}

export const NOTICES_TITLE = 'Você tem novos avisos';

/**
 * The home page of a Santos consumer opens the notices popup on load; close it. The popup comes
 * after the login's redirect, the home's chunk, the notices list and the popup's own chunk: on a
 * busy CI host (two workers, the server and two browsers on two cores) that once took more
 * than the 7 s an assertion waits by default, with the rest of the home already on screen.
 */
export async function closeNotices(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: NOTICES_TITLE });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Fechar', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** The SHA-256 hex the web app sends as `senha` (spec §5). */
export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

const SANTOS = 3548500;

/** A brand-new consumer of Santos, registered through the API, so each run makes its own data. */
export async function registerConsumer(
  request: APIRequestContext,
  nome: string,
): Promise<{ email: string; senha: string }> {
  const email = uniqueEmail('consumidor');
  const senha = 'segredo123';
  const res = await request.post('/v1/usuarios/registro', {
    data: { nome, email, senha: sha256Hex(senha), cidade: 'Santos', uf: 'SP', cod_cidade: SANTOS },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, senha };
}

/** The super-admin picks the city of the admin lists in the top navigation (the drawer on a phone). */
export async function chooseAdminCity(page: Page, cod: string): Promise<void> {
  await openNavigation(page);
  const select = page.getByRole('combobox', { name: 'Cidade' });
  await expect(select.locator(`option[value="${cod}"]`)).toBeAttached();
  await select.selectOption(cod);
  if (await page.getByRole('button', { name: 'Abrir menu' }).isVisible()) await page.keyboard.press('Escape');
}

/** Picks a generated PNG through the field's 'Escolher imagem' button and waits for the preview. */
export async function uploadPicture(scope: Locator, page: Page, label: string, image: Buffer): Promise<void> {
  const field = scope.getByRole('group', { name: label }).or(scope.locator('fieldset', { hasText: label }));
  const chooser = page.waitForEvent('filechooser');
  await field.first().getByRole('button', { name: 'Escolher imagem' }).click();
  await (
    await chooser
  ).setFiles({ name: `${label.toLowerCase()}.png`, mimeType: 'image/png', buffer: image });
  const preview = field.first().getByRole('img', { name: label });
  await expect(preview).toHaveAttribute('src', /\/img\/(img[a-z]+|users)\/.+-[0-9a-f]{8}\.png$/);
  // The stored picture really comes back from the image service.
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

/** A success toast with this text. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text).first()).toBeVisible();
}

/** One message the SMTP stub (smtp-stub.mjs) received. */
export interface InboxMessage {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  date: string;
}

/** The stub's inbox address; playwright.config.ts sets it from E2E_PORT. */
const inboxUrl = (): string =>
  process.env.E2E_INBOX_URL ?? `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 3}`;

/** Every message received so far for one address, oldest first. */
async function inbox(email: string): Promise<InboxMessage[]> {
  const res = await fetch(`${inboxUrl()}/messages?to=${encodeURIComponent(email)}`);
  expect(res.ok, `inbox ${res.status}`).toBe(true);
  return (await res.json()) as InboxMessage[];
}

/**
 * Waits (polling the stub's inbox) for the `count`-th message to an address whose text holds
 * `contains`, and returns it.
 */
export async function waitForMail(
  email: string,
  {
    contains = '',
    count = 1,
    timeout = 15_000,
  }: { contains?: string; count?: number; timeout?: number } = {},
): Promise<InboxMessage> {
  let found: InboxMessage[] = [];
  await expect
    .poll(
      async () => {
        found = (await inbox(email)).filter((m) => m.text.includes(contains));
        return found.length;
      },
      { timeout, message: `e-mail para ${email} com "${contains}"` },
    )
    .toBeGreaterThanOrEqual(count);
  return found[count - 1];
}

/** The `…/redefinirsenha?code=…`, `…/remocaousuario?code=…` or `…/definirsenha?code=…` link in a mail's plain text. */
export function linkFromMail(
  text: string,
  route: 'redefinirsenha' | 'remocaousuario' | 'definirsenha',
): string {
  const match = new RegExp(`https?://[^\\s<>"]+/${route}\\?code=[A-Za-z0-9]+`).exec(text);
  expect(match, `link ${route} no e-mail:\n${text}`).not.toBeNull();
  return match![0];
}

/**
 * A refusal under its field (issue 51): the field is marked invalid and its description (the
 * `-error` element it names in aria-describedby) says `text`. Answers that description.
 */
export async function expectFieldRefusal(field: Locator, text: string | RegExp): Promise<Locator> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  const id = describedBy.split(' ').find((part) => part.endsWith('-error')) ?? '';
  const refusal = field.page().locator(`[id="${id}"]`);
  await expect(refusal).toContainText(text);
  return refusal;
}
