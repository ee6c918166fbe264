import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { cameraBrowser, toY4m } from './camera.js';
import { expectAccessible, submitLogin, uniqueEmail } from './utils.js';

/** The consumer's coupons, statement and claim page (spec §2 Consumer achievements, Extrato). */

const SANTOS = 3548500;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A brand-new Santos consumer, logged in: no sales, no coupons yet. */
async function newConsumer(page: Page, request: APIRequestContext): Promise<string> {
  const nome = `Cupom Teste ${randomBytes(4).toString('hex')}`;
  const email = uniqueEmail('cupons');
  const res = await request.post('/v1/usuarios/registro', {
    data: { nome, email, senha: sha256('segredo123'), cidade: 'Santos', uf: 'SP', cod_cidade: SANTOS },
  });
  expect(res.status(), await res.text()).toBe(201);
  await submitLogin(page, '/login', email, 'segredo123');
  await expect(page).toHaveURL(/\/$/);
  return nome;
}

/** The demo consumer, logged in, without passing through the home page's notices popup. */
async function demoConsumer(page: Page): Promise<void> {
  await submitLogin(page, '/login', 'consumidor@praca.demo', 'demo1234');
  await expect(page).toHaveURL(/\/$/);
}

test('Minhas conquistas: coupons, points, progress and the coupon cards, as many per view as the width allows', async ({
  page,
}) => {
  await demoConsumer(page);
  await page.goto('/meu/conquista');
  await expect(page.getByRole('heading', { name: 'Minhas conquistas', level: 1 })).toBeVisible();
  await expect(page.getByText('Olá, Maria Consumidora da Silva!')).toBeVisible();

  const codes = page.getByRole('list', { name: 'Números dos cupons' }).getByRole('listitem');
  await expect(codes.first()).toBeVisible();
  const count = await codes.count();
  await expect(page.getByTestId('numero-cupons')).toHaveText(String(count));
  for (const code of await codes.allTextContents()) expect(code).toMatch(/^\d{3}-\d{5}$/);
  await expect(page.getByTestId('saldo-pontos')).toHaveText(/^\d+(\.\d{3})*,\d{2}$/);
  const pct = (await page.getByTestId('progresso-percentual').textContent()) ?? '';
  expect(pct).toMatch(/^\d{1,3}%$/);
  await expect(page.getByRole('progressbar', { name: 'Progresso para o próximo cupom' })).toHaveAttribute(
    'aria-valuenow',
    pct.replace('%', ''),
  );

  // Spec §9: 1 card under 768 px, 3 from 1024 px.
  const carousel = page.getByRole('region', { name: 'Cartões dos cupons' });
  await expect(carousel).toBeVisible();
  const card = carousel.getByRole('article').first();
  await expect(card.getByRole('img', { name: /^Banner da campanha / })).toBeVisible();
  await expect(card.getByRole('img', { name: /^Logo de / })).toBeVisible();
  const width = page.viewportSize()?.width ?? 0;
  const perView = width >= 1920 ? 4 : width >= 1024 ? 3 : width >= 768 ? 2 : 1;
  const box = await carousel.boundingBox();
  const slide = await carousel.getByRole('group').first().boundingBox();
  expect(box && slide).toBeTruthy();
  if (box && slide) expect(Math.round(box.width / slide.width)).toBe(perView);
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Resgatar venda por QR Code' }).click();
  await expect(page).toHaveURL(/\/meu\/resgatar$/);
  await expect(page.getByRole('heading', { name: 'Resgatar venda', level: 1 })).toBeVisible();
});

test('the coupon notification names the coupon as Minhas conquistas does: série-número, no "nº"', async ({
  page,
}) => {
  await demoConsumer(page);
  await page.goto('/meu/conquista');
  const codes = page.getByRole('list', { name: 'Números dos cupons' }).getByRole('listitem');
  await expect(codes.first()).toBeVisible();
  const mine = await codes.allTextContents();

  await page.goto('/notificacao');
  const item = page.getByRole('listitem').filter({ hasText: 'Você ganhou um cupom!' });
  await expect(item).toContainText(/completou o cupom \d{3}-\d{5} da campanha/);
  const text = (await item.textContent()) ?? '';
  expect(text).not.toContain('nº');
  expect(mine).toContain(/completou o cupom (\d{3}-\d{5})/.exec(text)?.[1]);
});

test('a consumer without coupons sees the empty state and 0%', async ({ page, request }) => {
  await newConsumer(page, request);
  await page.goto('/meu/conquista');
  await expect(page.getByText(/Você ainda não tem cupons/)).toBeVisible();
  await expect(page.getByTestId('numero-cupons')).toHaveText('0');
  await expect(page.getByTestId('progresso-percentual')).toHaveText('0%');
  await expectAccessible(page);

  await page.goto('/meu/extrato');
  await expect(page.getByText(/Você ainda não tem lançamentos/)).toBeVisible();
  await expectAccessible(page);
});

test('Extrato de Lançamentos filters the cards by establishment name as you type', async ({ page }) => {
  await demoConsumer(page);
  await page.goto('/meu/extrato');
  await expect(page.getByRole('heading', { name: 'Extrato de Lançamentos', level: 1 })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const total = await cards.count();
  const first = cards.first();
  await expect(first).toContainText(/Venda \d+ · \d{2}\/\d{2}\/\d{4}/);
  // The shop's own receipt number too, so the line can be matched with the receipt.
  await expect(first.getByTestId('numero-venda')).toHaveText(/^Número da venda: \S+/);
  await expect(first).toContainText(/R\$\s\d/);
  await expect(first).toContainText('Cashback');
  await expectAccessible(page);

  const busca = page.getByRole('searchbox', { name: 'Buscar estabelecimento' });
  // Part of a name, in capitals and without accents, still matches.
  await busca.fill('PADARIA');
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.allTextContents()) expect(text).toContain('Padaria');
  expect(await cards.count()).toBeLessThanOrEqual(total);
  await busca.fill('nenhuma loja assim');
  await expect(cards).toHaveCount(0);
  await expect(page.getByText(/Nenhum lançamento de estabelecimento com/)).toBeVisible();
  await busca.fill('');
  await expect(cards).toHaveCount(total);
});

test('the claim page asks for a code before calling and opens at /meu/resgatar with ?codigo=', async ({
  page,
}) => {
  await demoConsumer(page);
  await page.goto('/meu/resgatar');
  await page.getByRole('button', { name: 'Resgatar' }).click();
  await expect(page.getByLabel('Código da venda')).toHaveAccessibleDescription(
    /Cole o código da venda ou leia o QR Code\./,
  );
  await expectAccessible(page);

  await page.goto('/meu/resgatar?codigo=abc.def');
  await expect(page.getByLabel('Código da venda')).toHaveValue('abc.def');
  const claim = page.waitForResponse((r) => r.url().endsWith('/v1/usuarios/vendas/resgatar'));
  await page.getByRole('button', { name: 'Resgatar' }).click();
  const res = await claim;
  expect(res.status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText(((await res.json()) as { erro: string }).erro);
});

/**
 * The camera path of /meu/resgatar: Chromium's fake camera plays a picture of the QR code the
 * partner's screen shows, and the barcode-detector ponyfill (ZXing in WebAssembly, served by
 * the app) reads it. WebAssembly needs 'wasm-unsafe-eval' in the page's script-src.
 */
test('the consumer reads the QR code of the partner screen with the camera', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const csp = (await request.get('/meu/resgatar')).headers()['content-security-policy'] ?? '';
  const scriptSrc = /script-src([^;]*)/.exec(csp)?.[1] ?? '';
  // WebAssembly may compile, nothing else is relaxed.
  expect(scriptSrc).toContain("'wasm-unsafe-eval'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(scriptSrc).not.toContain("'unsafe-inline'");

  // The partner's screen shows the QR code of a new pending sale.
  await submitLogin(page, '/parceiro/login', 'parceiro@praca.demo', 'demo1234');
  await expect(page).toHaveURL(/\/parceiro\/vender$/);
  await page.getByRole('button', { name: 'Nova venda' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova venda' });
  await expect(dialog.getByRole('combobox', { name: 'Campanha' })).not.toHaveValue('');
  await dialog.getByLabel('Número da venda').fill(`CAM-${randomBytes(4).toString('hex')}`);
  await dialog.getByLabel('Valor').fill('100,00');
  await dialog.getByRole('button', { name: 'Gerar QR Code' }).click();
  const qr = page.getByTestId('venda-qr');
  await expect(qr).toBeVisible();
  const png = await qr.screenshot();
  const camera = path.join(os.tmpdir(), `praca-qr-camera-${randomBytes(4).toString('hex')}.y4m`);
  fs.writeFileSync(camera, await toY4m(page, png));

  // The consumer's phone: a browser whose camera films that screen.
  const phone = await cameraBrowser(camera);
  try {
    const context = await phone.newContext({
      baseURL,
      permissions: ['camera'],
      viewport: { width: 360, height: 780 },
    });
    const consumer = await context.newPage();
    await newConsumer(consumer, request);
    await consumer.goto('/meu/resgatar');
    const claim = consumer.waitForResponse((r) => r.url().endsWith('/v1/usuarios/vendas/resgatar'));
    await consumer.getByRole('button', { name: 'Ler QR Code' }).click();
    expect((await claim).status()).toBe(201);
    await expect(consumer.getByRole('heading', { name: 'Venda resgatada!' })).toBeVisible();
    await expect(consumer.getByRole('list', { name: 'Novos cupons' }).getByRole('listitem')).toHaveCount(1);
  } finally {
    await phone.close();
    fs.rmSync(camera, { force: true });
  }
});
