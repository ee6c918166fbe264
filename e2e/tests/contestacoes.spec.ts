import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, loginAs, sha256Hex, submitLogin, uniqueEmail } from './utils.js';

/**
 * Issue 37, the resident's word, end to end: a resident contests a sale on the Extrato ('Não
 * reconheço esta compra'), a city admin accepts it on /admin/contestacoes, the sale and its
 * coupons go and the resident is told; and a purchase never credited ('Minha compra não foi
 * registrada') ends, once accepted, on the resident's Extrato. Each test registers its own
 * Santos resident and sale numbers, so the two projects (running at once against one
 * database) and the other specs never share a complaint; the admin finds each by its resident.
 */

// Two people, several dialogs and an accessibility scan on each screen.
test.slow();

const SANTOS = 3548500;
/** The demo partner's 'Padaria Bella Vista' (seed), in Santos's running campaign. */
const PADARIA = { id: 1, nome: 'Padaria Bella Vista' };
const MOTIVO = 'O estabelecimento não encontrou a venda no caixa.';

const tag = () => randomBytes(4).toString('hex');
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const brDate = (iso: string) => iso.split('-').reverse().join('/');

interface Resident {
  id: number;
  nome: string;
  email: string;
  senha: string;
  token: string;
}

/** A brand-new Santos resident with a name nobody else has, registered through the API. */
async function registerResident(request: APIRequestContext, first: string): Promise<Resident> {
  const nome = `${first} Contesta ${tag()}`;
  const email = uniqueEmail('contestacao');
  const senha = 'segredo123';
  const res = await request.post('/v1/usuarios/registro', {
    data: { nome, email, senha: sha256Hex(senha), cidade: 'Santos', uf: 'SP', cod_cidade: SANTOS },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id_usuario } = (await res.json()) as { id_usuario: number };
  const login = await request.post('/v1/login', { data: { email, senha: sha256Hex(senha) } });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  return { id: id_usuario, nome, email, senha, token };
}

/** The demo partner registers a sale of today at the Padaria for the resident, through the API. */
async function partnerSale(request: APIRequestContext, who: Resident, valor: number) {
  const login = await request.post('/v1/parceiro/login', {
    data: { email: 'parceiro@praca.demo', senha: sha256Hex(DEMO_PASSWORD) },
  });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const campanhas = await request.get(`/v1/parceiro/campanhas?id_estabelecimento=${PADARIA.id}`, { headers });
  expect(campanhas.status(), await campanhas.text()).toBe(200);
  const [campanha] = (await campanhas.json()) as { id_campanha: number }[];
  const numero = `CT-${tag()}`;
  const res = await request.post('/v1/parceiro/vendas', {
    headers,
    data: {
      id_campanha: campanha?.id_campanha,
      id_estabelecimento: PADARIA.id,
      id_usuario: who.id,
      dat_venda: today(),
      numero_venda: numero,
      valor_venda: valor,
      id_vendedor: 99,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const sale = (await res.json()) as { venda: { id_venda: number }; cupons: unknown[] };
  return { numero, id_venda: sale.venda.id_venda, cupons: sale.cupons.length };
}

/** The resident's live coupons in Santos, as the API answers them. */
async function liveCoupons(request: APIRequestContext, who: Resident): Promise<number> {
  const res = await request.get(`/v1/usuarios/cupons?cod_cidade=${SANTOS}`, {
    headers: { authorization: `Bearer ${who.token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  const saldos = (await res.json()) as { cupons: unknown[] }[];
  return saldos.reduce((n, s) => n + s.cupons.length, 0);
}

/** The resident signs in on a phone (a browser context) of their own, at the project's width. */
async function residentPage(browser: Browser, who: Resident): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await submitLogin(page, '/login', who.email, who.senha);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/meu/extrato');
  await expect(page.getByRole('heading', { name: 'Extrato de Lançamentos', level: 1 })).toBeVisible();
  return page;
}

/** The city admin opens Administrador → Contestações (the drawer on a phone). */
async function openContestacoes(page: Page): Promise<void> {
  await loginAs(page, 'admin');
  const burger = page.getByRole('button', { name: 'Abrir menu' });
  await expect(burger.or(page.getByRole('navigation', { name: 'Menu principal' }))).toBeVisible();
  if (await burger.isVisible()) await burger.click();
  await page.getByRole('button', { name: 'Administrador' }).first().click();
  await page.getByRole('menuitem', { name: 'Contestações', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/contestacoes$/);
  await expect(page.getByRole('heading', { name: 'Contestações', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Situação' })).toHaveValue('aberta');
}

/** The admin accepts the resident's open complaint with a motivo; it leaves the 'Aberta' list. */
async function accept(page: Page, who: Resident, numero: string, tipo: string): Promise<void> {
  const lista = page.getByRole('list', { name: 'Contestações' });
  const item = lista.getByRole('listitem').filter({ hasText: who.nome });
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('heading', { name: tipo, level: 2 })).toBeVisible();
  await expect(item).toContainText(`${who.nome} · ${PADARIA.nome}`);
  await expect(item).toContainText(`Venda ${numero}`);
  await expect(item).toContainText('Aberta');
  await expectAccessible(page);

  await item.getByRole('button', { name: new RegExp(`^Aceitar a contestação \\d+ de ${who.nome}$`) }).click();
  const dialog = page.getByRole('dialog', { name: 'Aceitar contestação' });
  await expect(dialog).toContainText(`${tipo} — ${who.nome}, venda ${numero} de ${PADARIA.nome}.`);
  // The motivo is required before anything is sent.
  await dialog.getByRole('button', { name: 'Aceitar', exact: true }).click();
  await expect(dialog.getByRole('textbox', { name: 'Motivo' })).toHaveAccessibleDescription(
    /Informe o motivo/,
  );
  await dialog.getByRole('textbox', { name: 'Motivo' }).fill(MOTIVO);
  await expectAccessible(page);
  const decided = page.waitForResponse(
    (r) => /\/v1\/adm\/contestacoes\/\d+\/decisao$/.test(r.url()) && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Aceitar', exact: true }).click();
  const res = await decided;
  expect(res.status(), await res.text()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Contestação aceita.', { exact: true })).toBeVisible();
  await expect(item).toHaveCount(0);

  // Under 'Aceita' it shows with its motivo.
  await page.getByRole('combobox', { name: 'Situação' }).selectOption('aceita');
  const aceita = lista.getByRole('listitem').filter({ hasText: who.nome });
  await expect(aceita).toContainText('Aceita');
  await expect(aceita).toContainText(`Motivo: ${MOTIVO}`);
  await expect(aceita.getByRole('button', { name: /^Aceitar/ })).toHaveCount(0);
}

/** The resident is told: the bell counts one notification, and /notificacao names the outcome. */
async function expectToldOfOutcome(page: Page, numero: string, efeito: string): Promise<void> {
  await page.reload();
  const bell = page.getByRole('link', { name: 'Notificações' });
  await expect(bell).toHaveAccessibleDescription('1 notificação');
  await bell.click();
  await expect(page).toHaveURL(/\/notificacao$/);
  const item = page.getByRole('listitem').filter({ hasText: numero });
  await expect(item.getByRole('heading', { name: 'Sua contestação foi aceita', level: 2 })).toBeVisible();
  await expect(item).toContainText(
    `Sua contestação sobre a compra ${numero} na ${PADARIA.nome} foi aceita. ${efeito} Motivo: ${MOTIVO}`,
  );
  await expectAccessible(page);
}

test("'Não reconheço esta compra': the admin accepts, the sale and its coupons go, the resident is told", async ({
  page,
  browser,
  request,
}) => {
  const resident = await registerResident(request, 'Valdete');
  const sale = await partnerSale(request, resident, 250);
  expect(sale.cupons).toBeGreaterThan(0);
  expect(await liveCoupons(request, resident)).toBe(sale.cupons);

  // The resident finds the sale on the Extrato and disputes it.
  const phone = await residentPage(browser, resident);
  const card = phone.getByRole('article', { name: `Venda ${sale.id_venda}` });
  await expect(card).toContainText(`Número da venda: ${sale.numero}`);
  await expect(card).toContainText(PADARIA.nome);
  await expect(card).toContainText('R$ 250,00');
  await expect(phone.getByText('Você não tem contestações.')).toBeVisible();
  await expectAccessible(phone);
  await card
    .getByRole('button', { name: `Não reconheço esta compra: venda ${sale.numero} de ${PADARIA.nome}` })
    .click();
  const confirm = phone.getByRole('dialog', { name: 'Não reconheço esta compra' });
  await expect(confirm).toContainText(
    `Contestar a venda ${sale.numero} de ${PADARIA.nome}, em ${brDate(today())}, de R$ 250,00?`,
  );
  await expectAccessible(phone);
  const opened = phone.waitForResponse(
    (r) => r.url().endsWith('/v1/contestacoes') && r.request().method() === 'POST',
  );
  await confirm.getByRole('button', { name: 'Contestar' }).click();
  expect((await opened).status()).toBe(201);
  await expect(confirm).toBeHidden();
  await expect(phone.getByText(/^Contestação enviada\./)).toBeVisible();
  const minhas = phone.getByRole('list', { name: 'Minhas contestações' });
  const mine = minhas.getByRole('listitem').filter({ hasText: sale.numero });
  await expect(mine).toContainText('Não reconheço esta compra');
  await expect(mine).toContainText(`${PADARIA.nome} · ${brDate(today())} · R$ 250,00 · Venda ${sale.numero}`);
  await expect(mine).toContainText('Aberta');
  // Nothing changed yet: the sale and its coupons stay while the complaint is open.
  await expect(card).toBeVisible();
  expect(await liveCoupons(request, resident)).toBe(sale.cupons);
  await expectAccessible(phone);

  // The city admin accepts it.
  await openContestacoes(page);
  await accept(page, resident, sale.numero, 'Não reconheço esta compra');

  // The sale and its coupons are gone, in the API and on the resident's screens.
  expect(await liveCoupons(request, resident)).toBe(0);
  const extrato = await request.get('/v1/extrato', {
    headers: { authorization: `Bearer ${resident.token}` },
  });
  expect(((await extrato.json()) as { id_venda: number }[]).map((l) => l.id_venda)).not.toContain(
    sale.id_venda,
  );
  await expectToldOfOutcome(phone, sale.numero, 'A venda foi anulada e seus cupons saíram do extrato.');

  await phone.goto('/meu/extrato');
  await expect(mine).toContainText('Aceita');
  await expect(mine).toContainText(`Motivo: ${MOTIVO}`);
  await expect(phone.getByText('Você ainda não tem lançamentos.', { exact: false })).toBeVisible();
  await expect(card).toHaveCount(0);
  await expectAccessible(phone);

  await phone.goto('/meu/conquista');
  await expect(phone.getByTestId('numero-cupons')).toHaveText('0');
  await expect(phone.getByText('Você ainda não tem cupons.', { exact: false })).toBeVisible();
  await phone.context().close();
});

test("'Minha compra não foi registrada': the resident files it, the admin accepts, the sale shows on the Extrato", async ({
  page,
  browser,
  request,
}) => {
  const resident = await registerResident(request, 'Olegário');
  const numero = `NR-${tag()}`;

  const phone = await residentPage(browser, resident);
  await expect(phone.getByText('Você ainda não tem lançamentos.', { exact: false })).toBeVisible();
  await phone.getByRole('button', { name: 'Minha compra não foi registrada' }).click();
  const dialog = phone.getByRole('dialog', { name: 'Minha compra não foi registrada' });
  // The shop is searched on the server by a part of its name, whatever the case.
  await dialog.getByRole('combobox', { name: 'Estabelecimento' }).fill('padaria bella');
  await phone.getByRole('option', { name: PADARIA.nome }).click();
  const data = dialog.getByRole('textbox', { name: 'Data da compra' });
  await data.fill('');
  await data.pressSequentially(brDate(today()).replace(/\//g, ''));
  await dialog.getByRole('textbox', { name: 'Valor' }).fill('180,00');
  await dialog.getByRole('textbox', { name: 'Número da venda (do recibo)' }).fill(numero);
  await expectAccessible(phone);
  const opened = phone.waitForResponse(
    (r) => r.url().endsWith('/v1/contestacoes') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  expect((await opened).status()).toBe(201);
  await expect(dialog).toBeHidden();
  const mine = phone
    .getByRole('list', { name: 'Minhas contestações' })
    .getByRole('listitem')
    .filter({ hasText: numero });
  await expect(mine).toContainText('Compra não registrada');
  await expect(mine).toContainText(`${PADARIA.nome} · ${brDate(today())} · R$ 180,00 · Venda ${numero}`);
  await expect(mine).toContainText('Aberta');

  await openContestacoes(page);
  await accept(page, resident, numero, 'Compra não registrada');

  await expectToldOfOutcome(phone, numero, 'A venda foi registrada no seu extrato.');
  await phone.goto('/meu/extrato');
  const card = phone.getByRole('article').filter({ hasText: `Número da venda: ${numero}` });
  await expect(card).toContainText(PADARIA.nome);
  await expect(card).toContainText('R$ 180,00');
  await expect(mine).toContainText('Aceita');
  await expectAccessible(phone);
  await phone.context().close();
});
