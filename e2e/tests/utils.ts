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
  await expectReadableBadges(page);
}

/** Every badge and status the app draws (Mantine's badge and pill, and elements marked `data-status`). */
const BADGE_SELECTOR = '.mantine-Badge-root, .mantine-Pill-root, [data-status]';

/**
 * Issue 51: badges whose text had the colour of their fill. axe files same-colour text under
 * `incomplete`, not `violations`, so its scan passed them; this check does not. For each
 * visible badge or status it takes the computed text colour and the effective background (its
 * own, or the first ancestor's that is not transparent, half-transparent layers blended on what
 * is under them) and fails when they are equal or their WCAG contrast is under 4.5:1.
 */
export async function expectReadableBadges(page: Page): Promise<number> {
  const found = await page.evaluate((selector) => {
    const parse = (c: string): number[] => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (!m) return [0, 0, 0, 0];
      const p = m[1]!
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [p[0]!, p[1]!, p[2]!, p[3] ?? 1];
    };
    const over = (top: number[], under: number[]): number[] => {
      const a = top[3]!;
      return [0, 1, 2].map((i) => top[i]! * a + under[i]! * (1 - a)).concat(1);
    };
    const lum = (c: number[]) =>
      [0, 1, 2]
        .map((i) => c[i]! / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i]!, 0);
    const background = (el: Element): number[] => {
      const layers: number[][] = [];
      for (let e: Element | null = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c[3]! > 0) layers.push(c);
        if (c[3]! >= 1) break;
      }
      let bg = [255, 255, 255, 1];
      for (const layer of layers.reverse()) bg = over(layer, bg);
      return bg;
    };
    const out: { text: string; color: string; bg: string; ratio: number }[] = [];
    for (const el of Array.from(document.querySelectorAll(selector))) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (!box.width || !box.height || style.visibility === 'hidden' || !el.textContent?.trim()) continue;
      const bg = background(el);
      const fg = over(parse(style.color), bg);
      const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
      const ratio = (hi! + 0.05) / (lo! + 0.05);
      out.push({
        text: el.textContent.trim(),
        color: style.color,
        bg: `rgb(${bg.slice(0, 3).map(Math.round).join(', ')})`,
        ratio: Math.round(ratio * 100) / 100,
      });
    }
    return out;
  }, BADGE_SELECTOR);
  const bad = found.filter(
    (b) =>
      b.ratio < 4.5 || b.color.replace(/rgba?\(|\)|\s/g, '').startsWith(b.bg.replace(/rgb\(|\)|\s/g, '')),
  );
  expect(
    bad.map((b) => `"${b.text}": ${b.color} on ${b.bg} = ${b.ratio}:1`),
    'badges and statuses with unreadable text',
  ).toEqual([]);
  return found.length;
}

/**
 * Issue 51: a toast never covers what a person must read. Waits for the toast's slide to end,
 * then fails when its box overlaps any of `others` (a dialog's title, the QR instructions).
 */
export async function expectToastClearOf(
  page: Page,
  text: string | RegExp,
  others: Locator[],
): Promise<void> {
  const toast = page.locator('.mantine-Notification-root', { hasText: text }).first();
  await expect(toast).toBeVisible();
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  const t = (await toast.boundingBox())!;
  for (const other of others) {
    const o = (await other.boundingBox())!;
    const overlaps =
      t.x < o.x + o.width && o.x < t.x + t.width && t.y < o.y + o.height && o.y < t.y + t.height;
    expect(
      overlaps,
      `the toast ${JSON.stringify(t)} covers "${await other.textContent()}" ${JSON.stringify(o)}`,
    ).toBe(false);
  }
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
