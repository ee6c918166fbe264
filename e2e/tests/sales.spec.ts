import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, loginAs, submitLogin, uniqueEmail } from './utils.js';

/**
 * Partner sales (spec §2 Partner sales list, §4 Sale dialog, §5 Sale): each test registers
 * its own consumer and uses its own sale numbers, so runs and tests never share data.
 */

// Each test drives two people, several dialogs and accessibility scans.
test.slow();

const SANTOS = 3548500;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const tag = () => randomBytes(4).toString('hex');

interface Consumer {
  id: number;
  nome: string;
  /** Issue 52: how a partner sees them (the customer search's 'Maria S.'). */
  visto: string;
  email: string;
  senha: string;
}

/** A brand-new Santos consumer with a name nobody else has, registered through the API. */
async function registerConsumer(request: APIRequestContext, first: string): Promise<Consumer> {
  const nome = `${first} ${tag()} Teste`;
  const email = uniqueEmail('venda');
  const senha = 'segredo123';
  const res = await request.post('/v1/usuarios/registro', {
    data: { nome, email, senha: sha256(senha), cidade: 'Santos', uf: 'SP', cod_cidade: SANTOS },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id_usuario } = (await res.json()) as { id_usuario: number };
  return { id: id_usuario, nome, visto: `${first} T.`, email, senha };
}

/** The consumer logs in in a browser context of their own (another phone). */
async function consumerPage(browser: Browser, who: Consumer): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await submitLogin(page, '/login', who.email, who.senha);
  await expect(page).toHaveURL(/\/$/);
  return page;
}

async function openNewSale(page: Page) {
  await page.getByRole('button', { name: 'Nova venda' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova venda' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Campanha' })).not.toHaveValue('');
  return dialog;
}

test('the partner registers a sale for a new consumer, who sees the coupons, progress and statement', async ({
  page,
  browser,
  request,
}) => {
  const cliente = await registerConsumer(request, 'Zuleica');
  const numero = `E2E-${tag()}`;

  await loginAs(page, 'parceiro');
  await expect(page.getByRole('heading', { name: 'Vender', level: 1 })).toBeVisible();
  await expect(page.getByText('Pedro Parceiro Ferreira')).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expectAccessible(page);

  const dialog = await openNewSale(page);
  // The spec's checks run before any call, all at once, each under its field (issue 51).
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  const numeroField = dialog.getByLabel('Número da venda');
  await expect(numeroField).toHaveAccessibleDescription(/Numero da venda invalido/);
  await expect(numeroField).toBeFocused();
  await expect(dialog.getByRole('textbox', { name: 'Valor' })).toHaveAccessibleDescription(
    /Valor da Venda invaldo/,
  );
  await expect(dialog.getByRole('combobox', { name: 'Destinatário' })).toHaveAccessibleDescription(
    /Defina o Destinatario/,
  );
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await numeroField.fill(numero);
  await dialog.getByLabel('Valor').fill('250,00');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Destinatário' })).toHaveAccessibleDescription(
    /Defina o Destinatario/,
  );

  const destinatario = dialog.getByRole('combobox', { name: 'Destinatário' });
  await destinatario.fill(cliente.nome);
  // Issue 52: the partner finds the person by the whole name and sees 'Zuleica T.'.
  const option = page.getByRole('option', { name: new RegExp(`^${cliente.visto}`) });
  await expect(option).toBeVisible();
  await expectAccessible(page);
  await option.click();
  await expect(destinatario).toHaveValue(cliente.visto);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Venda registrada', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(numero) });
  await expect(row).toContainText('R$ 250,00');

  // The consumer, on their own phone: R$ 250 at 0.01 points per real is 2 coupons and 50 %.
  const phone = await consumerPage(browser, cliente);
  await phone.goto('/meu/conquista');
  await expect(phone.getByText(`Olá, ${cliente.nome}!`)).toBeVisible();
  await expect(phone.getByTestId('numero-cupons')).toHaveText('2');
  await expect(phone.getByTestId('progresso-percentual')).toHaveText('50%');
  await expect(phone.getByRole('progressbar', { name: 'Progresso para o próximo cupom' })).toHaveAttribute(
    'aria-valuenow',
    '50',
  );
  await expect(phone.getByRole('list', { name: 'Números dos cupons' }).getByRole('listitem')).toHaveCount(2);
  await expectAccessible(phone);

  await phone.goto('/meu/extrato');
  const card = phone.getByRole('article').filter({ hasText: 'R$ 250,00' });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Empório Bella Vista');
  await expectAccessible(phone);
  await phone.context().close();
});

test('a QR sale is claimed on another phone; a forged or reused code is refused with the server message', async ({
  page,
  browser,
  request,
}) => {
  const cliente = await registerConsumer(request, 'Quirino');
  const numero = `QR-${tag()}`;

  await loginAs(page, 'parceiro');
  const dialog = await openNewSale(page);
  await dialog.getByLabel('Número da venda').fill(numero);
  await dialog.getByLabel('Valor').fill('120,00');
  // A chosen recipient refuses the QR option.
  const destinatario = dialog.getByRole('combobox', { name: 'Destinatário' });
  await destinatario.fill(cliente.nome);
  await page.getByRole('option', { name: new RegExp(`^${cliente.visto}`) }).click();
  await dialog.getByRole('button', { name: 'Gerar QR Code' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Voce ja definiou para quem e esta venda');
  await dialog.getByRole('button', { name: 'Fechar aviso' }).click();
  // Erasing the name unsets the recipient.
  await destinatario.fill('');
  await dialog.getByLabel('Número da venda').click();
  await expect(destinatario).toHaveValue('');

  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/v1/parceiro/vendas') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Gerar QR Code' }).click();
  expect((await answer).status()).toBe(201);
  const qr = page.getByRole('dialog', { name: 'QR Code da venda' });
  await expect(qr.getByRole('img', { name: `QR Code da venda ${numero}` })).toBeVisible();
  await expect(qr.getByText(/Válido até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)).toBeVisible();
  const codigo = ((await qr.getByTestId('codigo-venda').textContent()) ?? '').trim();
  expect(codigo.length).toBeGreaterThan(20);
  await expectAccessible(page);
  await qr.getByRole('button', { name: 'Concluir' }).click();
  const row = page.getByRole('row', { name: new RegExp(numero) });
  await expect(row).toContainText('Aguardando resgate');

  // While it waits, the sale's edit dialog shows the same QR Code again (issue 35).
  const again = page.waitForResponse((r) => r.url().endsWith('/qrcode') && r.request().method() === 'GET');
  await row.getByRole('button', { name: `Editar venda ${numero}` }).click();
  const edit = page.getByRole('dialog', { name: `Venda ${numero}` });
  await expect(edit.getByRole('img', { name: `QR Code da venda ${numero}` })).toBeVisible();
  const shownAgain = await again;
  expect(shownAgain.status()).toBe(200);
  expect(((await shownAgain.json()) as { codigo: string }).codigo).toBe(codigo);
  await expect(edit.getByText(/Válido até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)).toBeVisible();
  await expectAccessible(page);
  await edit.getByRole('button', { name: 'Fechar', exact: true }).click();
  await expect(edit).toBeHidden();

  // The consumer pastes a code with one character changed: the signature no longer matches.
  const phone = await consumerPage(browser, cliente);
  await phone.goto('/meu/resgatar');
  await expect(phone.getByRole('heading', { name: 'Resgatar venda' })).toBeVisible();
  await expectAccessible(phone);
  const at = codigo.length - 10;
  const forged = codigo.slice(0, at) + (codigo[at] === 'A' ? 'B' : 'A') + codigo.slice(at + 1);
  const campo = phone.getByLabel('Código da venda');
  await campo.fill(forged);
  let claim = phone.waitForResponse((r) => r.url().endsWith('/v1/usuarios/vendas/resgatar'));
  await phone.getByRole('button', { name: 'Resgatar' }).click();
  let res = await claim;
  expect(res.status()).toBe(400);
  const { erro } = (await res.json()) as { erro: string };
  await expect(phone.getByRole('alert')).toContainText(erro);

  // The real code: R$ 120 gives 1 coupon and 20 % toward the next.
  await campo.fill(codigo);
  claim = phone.waitForResponse((r) => r.url().endsWith('/v1/usuarios/vendas/resgatar'));
  await phone.getByRole('button', { name: 'Resgatar' }).click();
  expect((await claim).status()).toBe(201);
  await expect(phone.getByRole('heading', { name: 'Venda resgatada!' })).toBeVisible();
  await expect(phone.getByRole('list', { name: 'Novos cupons' }).getByRole('listitem')).toHaveCount(1);
  await expect(phone.getByTestId('progresso-percentual')).toHaveText('20%');
  await expectAccessible(phone);

  // Claiming it again is refused.
  await campo.fill(codigo);
  claim = phone.waitForResponse((r) => r.url().endsWith('/v1/usuarios/vendas/resgatar'));
  await phone.getByRole('button', { name: 'Resgatar' }).click();
  res = await claim;
  expect(res.status()).toBe(409);
  await expect(phone.getByRole('alert')).toContainText(((await res.json()) as { erro: string }).erro);

  await phone.goto('/meu/conquista');
  await expect(phone.getByTestId('numero-cupons')).toHaveText('1');
  await phone.context().close();

  // Back at the shop the sale now has its recipient.
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await expect(row).not.toContainText('Aguardando resgate');
  if ((page.viewportSize()?.width ?? 0) >= 768) {
    await expect(row).toContainText(cliente.visto);
    await expect(row).not.toContainText(cliente.nome);
  }
  // Claimed: its dialog has no QR Code any more.
  await row.getByRole('button', { name: `Editar venda ${numero}` }).click();
  await expect(edit.getByLabel('Número da venda')).toHaveValue(numero);
  await expect(edit.getByRole('img', { name: /QR Code/ })).toHaveCount(0);
});

test('the sales table pages by 20 and hides Destinatario on a phone', async ({ page, request }) => {
  // Enough sales in Padaria Bella Vista for a second page, whatever else the run has done.
  const cliente = await registerConsumer(request, 'Paginada');
  const login = await request.post('/v1/parceiro/login', {
    data: { email: 'parceiro@praca.demo', senha: sha256(DEMO_PASSWORD) },
  });
  const { token } = (await login.json()) as { token: string };
  const campanhas = await request.get('/v1/parceiro/campanhas?id_estabelecimento=1', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const [campanha] = (await campanhas.json()) as { id_campanha: number; validade_ini: string }[];
  const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const prefixo = `PG-${tag()}`;
  for (let i = 1; i <= 21; i++) {
    const res = await request.post('/v1/parceiro/vendas', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        id_campanha: campanha?.id_campanha,
        id_estabelecimento: 1,
        id_usuario: cliente.id,
        dat_venda: hoje,
        numero_venda: `${prefixo}-${String(i).padStart(2, '0')}`,
        valor_venda: 10,
        id_vendedor: 99,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await loginAs(page, 'parceiro');
  await page.getByRole('combobox', { name: 'Estabelecimento' }).click();
  await page.getByRole('option', { name: 'Padaria Bella Vista' }).click();
  // Only this test's sales: 21 of them, two pages.
  await page.getByRole('textbox', { name: 'Buscar' }).fill(prefixo);
  await page.keyboard.press('Enter');
  await expect(page.getByText('21 vendas')).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(21); // header + 20
  const pager = page.getByRole('navigation', { name: 'Páginas de vendas' });
  await expect(pager).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);

  const header = page.getByRole('columnheader', { name: 'Destinatario' });
  const phone = (page.viewportSize()?.width ?? 0) < 768;
  // On a phone each sale is a card without its recipient (spec §2: hidden on small screens).
  if (phone) await expect(page.locator('td[data-label="Destinatario"]').first()).toBeHidden();
  else await expect(header).toBeVisible();

  await pager.getByRole('button', { name: 'Página 2' }).click();
  await expect(pager.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('button', { name: /^Editar venda PG-/ })).toHaveCount(1);

  // The edit button opens the sale; Excluir asks 'Confirma Exclusao' before deleting it.
  await page.getByRole('button', { name: /^Editar venda PG-/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Venda PG-/ });
  await expect(dialog.getByLabel('Valor')).toHaveValue('10,00');
  await expect(dialog.getByRole('button', { name: 'Gerar QR Code' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirma Exclusao' });
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Venda excluída')).toBeVisible();
  await expect(page.getByText('20 vendas')).toBeVisible();
  await expect(pager).toBeHidden();
});

test('the super-admin picks the shop on /admin/vender', async ({ page }) => {
  await loginAs(page, 'super');
  await page.goto('/admin/vender');
  await expect(page.getByRole('heading', { name: 'Vender', level: 1 })).toBeVisible();
  const loja = page.getByRole('combobox', { name: 'Estabelecimento' });
  await expect(loja).not.toHaveValue('');
  await loja.click();
  await page.getByRole('option', { name: 'Padaria Bella Vista' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await expectAccessible(page);
});
