import { createHash, randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { cameraBrowser, qrPng, toY4m } from './camera.js';
import { DEMO_PASSWORD, expectAccessible, loginAs, submitLogin, uniqueEmail } from './utils.js';

/**
 * Issue 53, the fiscal receipt (NFC-e) end to end: the partner reports a sale's key, the
 * resident scans the receipt's QR code with the phone's camera (a QR image fed to Chromium's
 * fake camera) and the purchase is confirmed once; a key nobody reported waits; a receipt the
 * shop reported without a buyer can only be donated to a social entity; the city admin lists
 * them. Each test registers its own resident and uses keys with its own random numbers, so the
 * two projects (running at once against one database) never share a receipt.
 */

// Two or three people, the camera and an accessibility scan on each screen.
test.slow();

const SANTOS = 3548500;
/** The demo partner's 'Padaria Bella Vista' (seed), in Santos's running campaign. */
const PADARIA = { id: 1, nome: 'Padaria Bella Vista' };

const tag = () => randomBytes(4).toString('hex');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

/** Modulo 11, weights 2…9 from the right, as the NFC-e key and the CNPJ define their check digits. */
function mod11(digits: string, cap = 9): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === cap ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** A numeric CNPJ from its first 12 digits. */
const cnpjOf = (twelve: string): string => {
  const d13 = `${twelve}${mod11(twelve)}`;
  return `${d13}${mod11(d13)}`;
};

/** The CNPJ the Padaria issues its receipts under in this suite (no shop of the seed holds it). */
const CNPJ_PADARIA = cnpjOf('535535530001');

/**
 * A well-formed NFC-e key of Santos's state (SP, 35) and this month, of the Padaria's CNPJ, model
 * 65, série 001, a random number and cNF, emission type 1, and its check digit.
 */
function chaveNfce(): string {
  const hoje = today();
  const first43 = `35${hoje.slice(2, 4)}${hoje.slice(5, 7)}${CNPJ_PADARIA}65001${String(randomInt(1e9)).padStart(9, '0')}1${String(randomInt(1e8)).padStart(8, '0')}`;
  return `${first43}${mod11(first43)}`;
}

/** The receipt's QR code as a v2 online NFC-e prints it (production, a made-up hash). */
const qrDaNota = (chave: string) =>
  `https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica/Paginas/ConsultaQRCode.aspx?p=${chave}|2|1|1|${sha256(chave).slice(0, 40).toUpperCase()}`;

/** The key as the masked views show it: state, month and CNPJ, then the last 4. */
const mascarada = (chave: string) => `${chave.slice(0, 20)}${'•'.repeat(20)}${chave.slice(40)}`;

async function token(request: APIRequestContext, url: string, email: string, senha: string): Promise<string> {
  const res = await request.post(url, { data: { email, senha: sha256(senha) } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/**
 * The city admin gives the Padaria the suite's CNPJ among its receipts' CNPJs (whatever it holds
 * stays): the same list from either project, so running at once they write the same thing.
 */
async function padariaEmiteNotas(request: APIRequestContext): Promise<void> {
  const headers = {
    authorization: `Bearer ${await token(request, '/v1/adm/usuarios/login', 'admin@praca.demo', DEMO_PASSWORD)}`,
  };
  const shop = await request.get(`/v1/adm/estabelecimentos/${PADARIA.id}`, { headers });
  expect(shop.status(), await shop.text()).toBe(200);
  const held = ((await shop.json()) as { cnpjs: string[] }).cnpjs.map((c) => c.replace(/\D/g, ''));
  if (held.includes(CNPJ_PADARIA)) return;
  const res = await request.patch(`/v1/adm/estabelecimentos/${PADARIA.id}`, {
    headers,
    data: { cnpjs: [...held, CNPJ_PADARIA] },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A social entity of Santos, registered by the admin through the API. */
async function novaEntidade(request: APIRequestContext): Promise<string> {
  const nome = `Lar Nota ${tag()}`;
  const res = await request.post('/v1/adm/entidades', {
    headers: {
      authorization: `Bearer ${await token(request, '/v1/adm/usuarios/login', 'admin@praca.demo', DEMO_PASSWORD)}`,
    },
    data: {
      nome,
      cnpj: cnpjOf(`${String(randomInt(1e8)).padStart(8, '0')}0001`),
      causa: 'Crianças e adolescentes',
      cod_cidade: SANTOS,
      email: uniqueEmail('entidade-nota'),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return nome;
}

interface Resident {
  nome: string;
  /** How the partner's search shows them ('Nota T.'). */
  visto: string;
  email: string;
  senha: string;
}

/** A brand-new Santos resident with a name nobody else has, registered through the API. */
async function registerResident(request: APIRequestContext): Promise<Resident> {
  const nome = `Nota ${tag()} Teste`;
  const email = uniqueEmail('recibo');
  const senha = 'segredo123';
  const res = await request.post('/v1/usuarios/registro', {
    data: { nome, email, senha: sha256(senha), cidade: 'Santos', uf: 'SP', cod_cidade: SANTOS },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { nome, visto: 'Nota T.', email, senha };
}

/** The demo partner opens a new sale at the Padaria with a number and a value. */
async function novaVenda(page: Page) {
  await page.getByRole('button', { name: 'Nova venda' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova venda' });
  await expect(dialog.getByRole('combobox', { name: 'Campanha' })).not.toHaveValue('');
  const numero = `NFCE-${tag()}`;
  await dialog.getByLabel('Número da venda').fill(numero);
  await dialog.getByLabel('Valor').fill('45,90');
  return { dialog, numero };
}

/** The partner's sales screen, on the Padaria. */
async function vendasDaPadaria(page: Page): Promise<void> {
  await loginAs(page, 'parceiro');
  const loja = page.getByRole('combobox', { name: 'Estabelecimento' });
  await expect(loja).toBeVisible();
  if ((await loja.inputValue()) !== PADARIA.nome) {
    await loja.click();
    await page.getByRole('option', { name: PADARIA.nome }).click();
  }
}

test('the partner reports the key, the resident scans the receipt’s QR with the camera and the purchase is confirmed once', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  await padariaEmiteNotas(request);
  const resident = await registerResident(request);
  const chave = chaveNfce();

  // The partner types the receipt's key into the sale and names the resident.
  await vendasDaPadaria(page);
  const { dialog, numero } = await novaVenda(page);
  const campo = dialog.getByRole('textbox', { name: 'Chave da NFC-e' });
  // A typo is refused on the device, in words, under the field.
  await campo.fill(chave.slice(0, 43));
  const destinatario = dialog.getByRole('combobox', { name: 'Destinatário' });
  await destinatario.fill(resident.nome);
  await page.getByRole('option', { name: new RegExp(`^${resident.visto}`) }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(campo).toHaveAccessibleDescription(/A chave da nota deve ter 44 caracteres/);
  await campo.fill(chave);
  await expectAccessible(page);
  const sent = page.waitForResponse(
    (r) => r.url().endsWith('/v1/parceiro/vendas') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  expect((await sent).status()).toBe(201);
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: numero });
  await expect(row).toContainText(mascarada(chave));
  await expect(row).not.toContainText('Confirmada pelo recibo');

  // The resident's phone films the receipt: a browser whose fake camera plays its QR code.
  const camera = path.join(os.tmpdir(), `praca-nfce-camera-${tag()}.y4m`);
  fs.writeFileSync(camera, await toY4m(page, await qrPng(qrDaNota(chave))));
  const phone = await cameraBrowser(camera);
  try {
    const context = await phone.newContext({
      baseURL,
      permissions: ['camera'],
      viewport: testInfo.project.use.viewport ?? { width: 360, height: 780 },
      isMobile: testInfo.project.use.isMobile,
      hasTouch: testInfo.project.use.hasTouch,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    });
    const resPage = await context.newPage();
    await submitLogin(resPage, '/login', resident.email, resident.senha);
    await expect(resPage).toHaveURL(/\/$/);
    await resPage.goto('/meu/notas/escanear');
    await expect(resPage.getByRole('heading', { name: 'Escanear nota fiscal', level: 1 })).toBeVisible();
    await expectAccessible(resPage);
    const scanned = resPage.waitForResponse(
      (r) => r.url().endsWith('/v1/recibos') && r.request().method() === 'POST',
    );
    await resPage.getByRole('button', { name: 'Ler QR code da nota' }).click();
    expect((await scanned).status()).toBe(201);
    await expect(resPage.getByRole('heading', { name: 'Nota confirmada' })).toBeVisible();
    await expect(resPage.getByText('Nota confirmada! A compra já está no seu extrato.')).toBeVisible();
    await expectAccessible(resPage);

    // The same receipt again, typed this time: it counts once.
    await resPage.getByLabel('Chave de acesso').fill(chave);
    const again = resPage.waitForResponse(
      (r) => r.url().endsWith('/v1/recibos') && r.request().method() === 'POST',
    );
    await resPage.getByRole('button', { name: 'Enviar nota' }).click();
    expect((await again).status()).toBe(409);
    await expect(resPage.getByRole('alert')).toContainText('Esta nota já foi registrada no programa.');

    // Minhas notas: the receipt, its shop and its status.
    await resPage.getByRole('link', { name: 'Ver minhas notas' }).click();
    await expect(resPage).toHaveURL(/\/meu\/notas$/);
    const nota = resPage.getByRole('article', { name: PADARIA.nome });
    await expect(nota).toHaveCount(1);
    await expect(nota).toContainText('Confirmada: compra creditada');
    await expect(nota).toContainText('R$ 45,90');
    await expectAccessible(resPage);
  } finally {
    await phone.close();
    fs.rmSync(camera, { force: true });
  }

  // The partner sees which sale the receipt confirmed; it can no longer be edited.
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await expect(row).toContainText('Confirmada pelo recibo');
  await expectAccessible(page);
  await page.getByRole('button', { name: `Editar venda ${numero}` }).click();
  const notice = page.getByRole('dialog', { name: `Venda ${numero}` });
  await expect(notice).toContainText('Esta venda foi confirmada pela nota fiscal do cliente');
  await expect(notice.getByRole('textbox')).toHaveCount(0);
});

test('a key nobody reported waits; a receipt the shop reported without a buyer can only be donated; the admin lists them', async ({
  page,
  browser,
  request,
}) => {
  await padariaEmiteNotas(request);
  const [resident, entidade] = await Promise.all([registerResident(request), novaEntidade(request)]);
  const semComprador = chaveNfce();
  const naoInformada = chaveNfce();

  // The partner reports a sale that names no buyer: only with its receipt's key.
  await vendasDaPadaria(page);
  const { dialog, numero } = await novaVenda(page);
  await dialog.getByRole('checkbox', { name: 'Venda sem comprador identificado' }).check();
  await expect(dialog.getByRole('combobox', { name: 'Destinatário' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Gerar QR Code' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Chave da NFC-e' })).toHaveAccessibleDescription(
    /Uma venda sem comprador precisa da chave da nota fiscal/,
  );
  await dialog.getByRole('textbox', { name: 'Chave da NFC-e' }).fill(semComprador);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    page.getByText('Venda registrada sem comprador: a nota fiscal só poderá ser doada'),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: numero })).toContainText(mascarada(semComprador));

  // The resident, on a phone of their own, types the keys.
  const resPage = await (await browser.newContext()).newPage();
  await submitLogin(resPage, '/login', resident.email, resident.senha);
  await expect(resPage).toHaveURL(/\/$/);
  await resPage.goto('/meu/notas/escanear');
  const campo = resPage.getByLabel('Chave de acesso');

  // A typo never leaves the phone.
  let posted = 0;
  resPage.on('request', (r) => {
    if (r.url().endsWith('/v1/recibos') && r.method() === 'POST') posted++;
  });
  await campo.fill(`${semComprador.slice(0, 43)}${(Number(semComprador[43]) + 1) % 10}`);
  await resPage.getByRole('button', { name: 'Enviar nota' }).click();
  await expect(campo).toHaveAccessibleDescription(/dígito verificador errado/);
  expect(posted).toBe(0);

  // The receipt without a buyer: donated at once to an entity of the city.
  await campo.fill(semComprador);
  await resPage.getByRole('button', { name: 'Enviar nota' }).click();
  const regiao = resPage.getByRole('region', { name: 'Nota sem comprador' });
  await expect(regiao).toContainText('ela não credita pontos, mas você pode doá-la a uma entidade social');
  await expectAccessible(resPage);
  await regiao.getByLabel('Entidade social').selectOption({ label: `${entidade} (Crianças e adolescentes)` });
  await regiao.getByRole('button', { name: 'Doar nota' }).click();
  await expect(resPage.getByText('Nota doada. Obrigado por ajudar uma entidade social!')).toBeVisible();
  await expect(resPage.getByText(`Doada para ${entidade}.`)).toBeVisible();

  // A key the shop has not reported (yet): pending, not credited.
  await campo.fill(naoInformada);
  await resPage.getByRole('button', { name: 'Enviar nota' }).click();
  await expect(
    resPage.getByText(
      'Nota registrada. Aguardando a loja informar esta nota: avisaremos quando for confirmada.',
    ),
  ).toBeVisible();
  await expectAccessible(resPage);

  await resPage.goto('/meu/notas');
  const notas = resPage.getByRole('list', { name: 'Notas fiscais' }).getByRole('article');
  await expect(notas).toHaveCount(2);
  await expect(notas.nth(0)).toContainText('Aguardando a loja informar esta nota');
  await expect(notas.nth(1)).toContainText('Doada');
  await expect(notas.nth(1)).toContainText(`Doada para ${entidade}.`);
  await expectAccessible(resPage);

  // The city admin: Administrador → Notas fiscais, filtered by status.
  await loginAs(page, 'admin');
  const burger = page.getByRole('button', { name: 'Abrir menu' });
  await expect(burger.or(page.getByRole('navigation', { name: 'Menu principal' }))).toBeVisible();
  if (await burger.isVisible()) await burger.click();
  await page.getByRole('button', { name: 'Administrador' }).first().click();
  await page.getByRole('menuitem', { name: 'Notas fiscais', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/recibos$/);
  await expect(page.getByRole('heading', { name: 'Notas fiscais', level: 1 })).toBeVisible();
  await page.getByLabel('Situação').selectOption({ label: 'Doada' });
  const doada = page.getByRole('row').filter({ hasText: resident.nome });
  await expect(doada).toHaveCount(1);
  await expect(doada).toContainText(mascarada(semComprador));
  await expectAccessible(page);
  await doada.getByRole('button', { name: /^Detalhes da nota/ }).click();
  const detalhes = page.getByRole('dialog', { name: 'Nota fiscal' });
  await expect(detalhes).toContainText(semComprador.replace(/(.{4})(?=.)/g, '$1 '));
  await expect(detalhes).toContainText(entidade);
  await expectAccessible(page);
});
