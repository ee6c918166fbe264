/**
 * `npm run screens`: the screenshots of docs/screens/ (issue 35), taken from the built app with
 * the demo data, at a 1366 px desktop and a 360 px phone. It builds nothing: run `npm run build`
 * first. By default it starts the built server itself on a fresh temporary database with the
 * demo seed (SCREENS_PORT, default 3290) and stops it at the end; SCREENS_URL=http://… uses an
 * app that is already running instead (it must hold the demo data and logins). Chromium is
 * Debian's (/usr/bin/chromium, or CHROMIUM_PATH), as for the e2e suite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'docs', 'screens');
const SERVER = path.join(ROOT, 'apps', 'api', 'dist', 'src', 'server.js');
const PASSWORD = 'demo1234';

const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900, isMobile: false },
  { name: 'phone', width: 360, height: 780, isMobile: true },
] as const;
type Width = (typeof WIDTHS)[number];

const LOGINS = {
  consumidor: { email: 'consumidor@praca.demo', path: '/login', lands: /\/$/ },
  parceiro: { email: 'parceiro@praca.demo', path: '/parceiro/login', lands: /\/parceiro\/vender$/ },
  admin: { email: 'admin@praca.demo', path: '/admin/login', lands: /\/admin\/home$/ },
} as const;
type Role = keyof typeof LOGINS;

function log(message: string): void {
  process.stdout.write(`${message}\n`);
}

async function waitForHealth(url: string, child: ChildProcess | null, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`o servidor parou (código ${child.exitCode})`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url}/health não respondeu em ${ms / 1000} s`);
}

/** The built server on a fresh database with the demo seed, or the app at SCREENS_URL. */
async function startApp(): Promise<{ url: string; stop: () => Promise<void> }> {
  const given = process.env.SCREENS_URL;
  if (given) {
    const url = given.replace(/\/$/, '');
    await waitForHealth(url, null, 10_000);
    return { url, stop: async () => {} };
  }
  for (const built of [SERVER, path.join(ROOT, 'apps', 'web', 'dist', 'index.html')]) {
    if (!fs.existsSync(built))
      throw new Error(`${path.relative(ROOT, built)} não existe: rode npm run build antes`);
  }
  const port = Number(process.env.SCREENS_PORT ?? 3290);
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-screens-'));
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_MAX: '10000',
      LOGIN_DESAFIO_APOS: '10000',
      LOGIN_RATE_MAX_IP: '10000',
      PUBLIC_URL: url,
    },
  });
  try {
    await waitForHealth(url, child);
  } catch (e) {
    child.kill();
    throw e;
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Fonts in, pictures decoded, nothing moving: the page as a person sees it after a moment. */
async function settle(page: Page): Promise<void> {
  // Not 'networkidle': the app keeps a request open for its pushes.
  await page.waitForLoadState('load');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Every picture in view loaded (or failed), lazy ones included.
  await page.waitForFunction(() =>
    Array.from(document.images)
      .filter((img) => {
        const r = img.getBoundingClientRect();
        return r.width > 0 && r.top < innerHeight && r.bottom > 0 && r.left < innerWidth && r.right > 0;
      })
      .every((img) => img.complete),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  await page.waitForTimeout(300);
}

async function shot(page: Page, name: string, w: Width): Promise<void> {
  await settle(page);
  const file = path.join(OUT, `${name}-${w.width}.png`);
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  log(`  ${path.relative(ROOT, file)} (${Math.round(fs.statSync(file).size / 1024)} kB)`);
}

async function login(browser: Browser, url: string, role: Role, w: Width): Promise<Page> {
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: w.width, height: w.height },
    isMobile: w.isMobile,
    hasTouch: w.isMobile,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // Still carousels, so each run draws the same slides.
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const who = LOGINS[role];
  await page.goto(who.path);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Acessar' }).click();
  await page.waitForURL(who.lands);
  if (role === 'consumidor') {
    const notices = page.getByRole('dialog', { name: 'Você tem novos avisos' });
    await notices.waitFor({ timeout: 15_000 });
    await notices.getByRole('button', { name: 'Fechar', exact: true }).click();
    await notices.waitFor({ state: 'hidden' });
  }
  return page;
}

async function consumer(browser: Browser, url: string, w: Width): Promise<void> {
  const page = await login(browser, url, 'consumidor', w);
  const shops = page.getByRole('region', { name: 'Estabelecimentos participantes' });
  await shops.getByRole('group').first().waitFor();
  await page.getByRole('region', { name: 'Campanhas' }).waitFor();
  await shot(page, 'home', w);

  await shops
    .getByRole('group', { name: /^1 de / })
    .getByRole('button')
    .click();
  const popup = page.getByRole('dialog').last();
  await popup.getByRole('button', { name: 'AVALIAR' }).waitFor();
  await shot(page, 'shop-popup', w);
  await page.keyboard.press('Escape');
  await popup.waitFor({ state: 'hidden' });

  await page.goto('/meu/conquista');
  await page.getByTestId('numero-cupons').waitFor();
  await shot(page, 'conquistas', w);

  await page.goto('/meu/participantes');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: /estabelecimento/i })
    .first()
    .waitFor();
  await shot(page, 'participantes', w);
  await page.context().close();
}

async function partner(browser: Browser, url: string, w: Width): Promise<void> {
  const page = await login(browser, url, 'parceiro', w);
  await page.getByRole('button', { name: 'Nova venda' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova venda' });
  await dialog.getByRole('combobox', { name: 'Campanha' }).waitFor();
  await shot(page, 'sales-dialog', w);
  await page.context().close();
}

async function admin(browser: Browser, url: string, w: Width): Promise<void> {
  const page = await login(browser, url, 'admin', w);
  await page.getByTestId('card-Online').waitFor();
  await shot(page, 'dashboard', w);
  await page.goto('/admin/campanha');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByText('Santos Premiada — 2ª edição').first().waitFor();
  await shot(page, 'list-campanhas', w);
  await page.context().close();
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const app = await startApp();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--disable-dev-shm-usage'],
  });
  try {
    for (const w of WIDTHS) {
      log(`${w.name} (${w.width} px):`);
      await consumer(browser, app.url, w);
      await partner(browser, app.url, w);
      await admin(browser, app.url, w);
    }
  } finally {
    await browser.close();
    await app.stop();
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
