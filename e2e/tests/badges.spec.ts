import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expectReadableBadges,
  linkFromMail,
  loginAs,
  registerConsumer,
  sha256Hex,
  submitLogin,
  uniqueEmail,
  waitForMail,
} from './utils.js';

/**
 * Issue 51: status badges whose text had the colour of their fill ('Aberta' sol 9 on sol 9,
 * 'Recusada', the entity's counts). Each screen that shows them is visited with its badges
 * present, made here through the API, and every badge must read at 4.5:1 on its own background.
 */

test.slow();

const SANTOS = 3548500;
const tag = () => randomBytes(4).toString('hex');
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

async function token(request: APIRequestContext, url: string, email: string, senha: string): Promise<string> {
  const res = await request.post(url, { data: { email, senha: sha256Hex(senha) } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** A complaint ('Minha compra não foi registrada') of the resident at the Padaria; its id. */
async function complain(request: APIRequestContext, bearer: string): Promise<number> {
  const res = await request.post('/v1/contestacoes', {
    headers: { authorization: `Bearer ${bearer}` },
    data: {
      tipo: 'nao_registrada',
      id_estabelecimento: 1,
      dat_venda: today(),
      valor_venda: 87.5,
      numero_venda: `BADGE-${tag()}`,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id_contestacao: number }).id_contestacao;
}

async function expectBadges(page: Page, ...texts: string[]): Promise<void> {
  for (const text of texts)
    await expect(page.locator('.mantine-Badge-root', { hasText: text }).first()).toBeVisible();
  expect(await expectReadableBadges(page)).toBeGreaterThanOrEqual(texts.length);
}

test('complaint statuses read on their fill: Minhas contestações and the admin’s Contestações', async ({
  page,
  browser,
  request,
}) => {
  const resident = await registerConsumer(request, `Bia Badge ${tag()}`);
  const bearer = await token(request, '/v1/login', resident.email, resident.senha);
  await complain(request, bearer);
  const refused = await complain(request, bearer);
  const admin = await token(request, '/v1/adm/usuarios/login', 'admin@praca.demo', DEMO_PASSWORD);
  const decided = await request.post(`/v1/adm/contestacoes/${refused}/decisao`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { decisao: 'recusada', motivo: 'A venda não consta no caixa.' },
  });
  expect(decided.status(), await decided.text()).toBeLessThan(300);

  const own = await (await browser.newContext()).newPage();
  await submitLogin(own, '/login', resident.email, resident.senha);
  await expect(own).toHaveURL(/\/$/);
  await own.goto('/meu/extrato');
  await expect(own.getByRole('heading', { name: 'Minhas contestações' })).toBeVisible();
  await expectBadges(own, 'Aberta', 'Recusada');

  await loginAs(page, 'admin');
  await page.goto('/admin/contestacoes');
  await expect(page.getByRole('heading', { name: 'Contestações', level: 1 })).toBeVisible();
  await expectBadges(page, 'Aberta');
});

test('an entity’s badges read on their fill: /entidades and /meu/entidade', async ({ page, request }) => {
  const nome = `Badge Abrigo ${tag()}`;
  const email = uniqueEmail('entidade-badge');
  const admin = await token(request, '/v1/adm/usuarios/login', 'admin@praca.demo', DEMO_PASSWORD);
  const d = [...Array.from({ length: 8 }, () => Math.floor(Math.random() * 10)), 0, 0, 0, 1];
  for (const w of [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]) {
    const r = w.reduce((s, x, i) => s + x * d[i]!, 0) % 11;
    d.push(r < 2 ? 0 : 11 - r);
  }
  const created = await request.post('/v1/adm/entidades', {
    headers: { authorization: `Bearer ${admin}` },
    data: { nome, cnpj: d.join(''), causa: 'Animais', cod_cidade: SANTOS, email },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto(`/entidades?cidade=${SANTOS}`);
  await expect(page.getByRole('article', { name: nome })).toBeVisible();
  await expectBadges(page, 'cupons recebidos');

  const link = linkFromMail(
    (await waitForMail(email, { contains: '/definirsenha?code=' })).text,
    'definirsenha',
  );
  const code = new URL(link).searchParams.get('code');
  // The welcome link (issue 51) sets the new entity's first password.
  const reset = await request.post('/v1/usuarios/definirsenha', {
    data: { code, senha: sha256Hex('entidade123'), senha2: sha256Hex('entidade123') },
  });
  expect(reset.status(), await reset.text()).toBe(202);
  await submitLogin(page, '/login', email, 'entidade123');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/meu/entidade');
  await expect(page.getByRole('heading', { name: nome })).toBeVisible();
  await expectBadges(page, 'cupons recebidos');
});
