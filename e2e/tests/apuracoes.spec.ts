import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { GUARUJA, campaignWithOneConsumer, tag } from './draw-data.js';
import {
  DEMO,
  chooseAdminCity,
  expectAccessible,
  loginAs,
  sha256Hex,
  submitLogin,
  uniqueEmail,
} from './utils.js';

/**
 * Issue 49 as people see it: the super-admin schedules an apuração with each prize described
 * (the edital, public, says so); after the contest's instant two people enter the same five
 * prizes (the first entry waits, the second publishes the winner); the winner is annulled as
 * "não localizado" and the public page shows the pending substitute; the public ata opens.
 *
 * The demo data sets the calendar's anchor and an auditor. The dialog starts from the next
 * contest that may be scheduled (two days ahead at least); a browser cannot wait two days, so
 * once it is scheduled the test moves that apuração's contest instant into the past in the
 * server's database ({@link concursoHasPassed}), as the passing of time would.
 *
 * It runs on a Guarujá campaign of its own (no other spec counts Guarujá's winners); the second
 * person is a Guarujá admin the test makes ({@link guarujaAdmin}).
 */

test.slow();

const PREMIOS = ['48213', '05977', '61350', '29086', '73552'];

/**
 * A second person who may confirm a result in Guarujá: a resident registered through the API
 * and made an admin of the city in the e2e server's database (the demo data has one admin,
 * Santos's, and Santos's winners are counted by the home's tests).
 */
async function guarujaAdmin(request: APIRequestContext): Promise<{ email: string; senha: string }> {
  const email = uniqueEmail('apuracao-admin');
  const senha = 'segredo123';
  const reg = await request.post('/v1/usuarios/registro', {
    data: {
      nome: `Gustavo Conferente ${tag()}`,
      email,
      senha: sha256Hex(senha),
      cidade: 'Guarujá',
      uf: 'SP',
      cod_cidade: GUARUJA,
    },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const { id_usuario } = (await reg.json()) as { id_usuario: number };
  onDatabase((db) => db.prepare('update usuarios set admin = 1 where id_usuario = ?').run(id_usuario));
  return { email, senha };
}

/** A statement on the e2e server's SQLite file (test set-up only). */
function onDatabase(fn: (db: DatabaseSync) => void): void {
  const db = new DatabaseSync(path.join(process.env.E2E_DATA_DIR ?? '', 'praca.db'));
  try {
    db.exec('pragma busy_timeout = 10000');
    fn(db);
  } finally {
    db.close();
  }
}

/** Time passes: the apuração's contest instant a minute ago (the e2e server's SQLite file). */
function concursoHasPassed(idApuracao: number): void {
  onDatabase((db) =>
    db
      .prepare('update apuracoes set instante_concurso = ? where id_apuracao = ?')
      .run(new Date(Date.now() - 60_000).toISOString(), idApuracao),
  );
}

/** The admin's Apurações screen on the campaign, and its row of the contest. */
async function openRow(page: Page, den_campanha: string, concurso: number) {
  await page.goto('/admin/apuracoes');
  await expect(page.getByRole('heading', { name: 'Apurações', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Campanha' }).selectOption({ label: den_campanha });
  const row = page.getByRole('listitem').filter({ hasText: `Concurso ${concurso}` });
  await expect(row).toBeVisible();
  return row;
}

/** A PDF answered at the link's address, without a session. */
async function expectPdf(request: APIRequestContext, href: string | null) {
  expect(href).toBeTruthy();
  const res = await request.get(href ?? '');
  expect(res.status(), href ?? '').toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  expect((await res.body()).subarray(0, 4).toString()).toBe('%PDF');
}

/** Enters the five prizes in the row's result dialog (the first entry, or the confirmation). */
async function enterPrizes(page: Page, concurso: number) {
  const dialog = page.getByRole('dialog', { name: `Lançar resultado do concurso ${concurso}` });
  for (const [i, premio] of PREMIOS.entries()) await dialog.getByLabel(`${i + 1}º prêmio`).fill(premio);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Lançar resultado' }).click();
  return dialog;
}

test('an apuração of issue 49: described prizes and the edital, the result by two people, a substitute, the public ata', async ({
  page,
  browser,
  request,
}) => {
  const setup = await campaignWithOneConsumer(request);
  const conferente = await guarujaAdmin(request);

  // The super-admin schedules it, each prize described.
  await loginAs(page, 'super');
  await chooseAdminCity(page, String(GUARUJA));
  await page.goto('/admin/apuracoes');
  await page.getByRole('combobox', { name: 'Campanha' }).selectOption({ label: setup.den_campanha });
  await expect(page.getByText('Nenhuma apuração agendada nesta campanha')).toBeVisible();
  await page.getByRole('button', { name: 'Agendar apuração' }).click();
  const agendar = page.getByRole('dialog', { name: 'Agendar apuração' });
  await agendar.getByRole('combobox', { name: 'Campanha' }).selectOption({ label: setup.den_campanha });
  // The next contest that may be scheduled is filled in.
  const numero = agendar.getByLabel('Concurso da Loteria Federal');
  await expect(numero).not.toHaveValue('');
  const concurso = Number(await numero.inputValue());
  await expect(agendar.getByRole('textbox', { name: 'Data do concurso' })).not.toHaveValue('');
  await agendar.getByLabel('Quantidade de prêmios').fill('2');
  await agendar.getByRole('textbox', { name: '1º prêmio' }).fill('Bicicleta aro 29');
  await agendar.getByRole('textbox', { name: '2º prêmio' }).fill('Vale-compras de R$ 500');
  await agendar.getByRole('textbox', { name: /Autorização/ }).fill('SECAP/SPA 01.000123/2026');
  await expectAccessible(page);
  const post = () =>
    page.waitForResponse((r) => r.url().endsWith('/v1/adm/apuracoes') && r.request().method() === 'POST');
  let scheduled = post();
  await agendar.getByRole('button', { name: 'Agendar', exact: true }).click();
  let res = await scheduled;
  if (res.status() === 400) {
    // A random number is off the calendar: the dialog asks why, and the reason goes public.
    const excecao = agendar.getByRole('textbox', { name: 'Motivo da exceção ao calendário' });
    await expect(excecao).toBeVisible();
    await expectAccessible(page);
    await excecao.fill('Teste de ponta a ponta: número fora do calendário');
    scheduled = post();
    await agendar.getByRole('button', { name: 'Agendar', exact: true }).click();
    res = await scheduled;
  }
  expect([201, 202], await res.text()).toContain(res.status());
  const apuracao = (await res.json()) as { id_apuracao: number; edital: string; concurso: number };
  expect(apuracao.concurso).toBe(concurso);
  await expect(agendar).toBeHidden();
  // The screen lists the scheduled campaign and its new apuração.
  const row = page.getByRole('listitem').filter({ hasText: `Concurso ${concurso}` });
  await expect(row).toContainText('Agendada', { timeout: 30_000 });

  // The edital, public: opened from the row and from the public page, without a session.
  const edital = row.getByRole('link', { name: `Edital (PDF) do concurso ${concurso}` });
  await expectPdf(request, await edital.getAttribute('href'));
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/sorteios/${apuracao.id_apuracao}`);
  await expect(
    publicPage.getByRole('heading', { name: `Apuração do concurso ${concurso}`, level: 1 }),
  ).toBeVisible();
  const premios = publicPage.getByRole('list', { name: 'Prêmios da apuração' });
  await expect(premios).toContainText('1º prêmio: Bicicleta aro 29');
  await expect(premios).toContainText('2º prêmio: Vale-compras de R$ 500');
  await expect(publicPage.getByText('Regra versão 2', { exact: true })).toBeVisible();
  await expectPdf(request, await publicPage.getByRole('link', { name: 'Edital (PDF)' }).getAttribute('href'));
  await expect(publicPage.getByRole('link', { name: 'Ata (PDF)' })).toHaveCount(0);
  await expectAccessible(publicPage);

  // The contest's instant passes; the first person's entry waits: nothing is published.
  concursoHasPassed(apuracao.id_apuracao);
  await page.reload();
  await page.getByRole('combobox', { name: 'Campanha' }).selectOption({ label: setup.den_campanha });
  await row.getByRole('button', { name: `Lançar resultado do concurso ${concurso}` }).click();
  const first = await enterPrizes(page, concurso);
  await expect(first.getByText('Resultado lançado; aguardando a confirmação de outra pessoa')).toBeVisible();
  await expectAccessible(page);
  await first.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(row).toContainText('Aguardando confirmação');
  await publicPage.reload();
  await expect(publicPage.getByText('Agendada', { exact: true })).toBeVisible();

  // The city's admin, another person, enters the same prizes: the winner comes out.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await submitLogin(admin, DEMO.admin.login, conferente.email, conferente.senha);
  await expect(admin).toHaveURL(/\/admin\/home$/);
  const adminRow = await openRow(admin, setup.den_campanha, concurso);
  await adminRow.getByRole('button', { name: `Confirmar resultado do concurso ${concurso}` }).click();
  const second = await enterPrizes(admin, concurso);
  await expect(second.getByText(/Resultado confirmado e publicado/)).toBeVisible();
  await expect(second.getByRole('cell', { name: /^\d{3}-\d{5}$/ })).toHaveCount(2); // two prizes, three tickets
  await second.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(adminRow).toContainText('Apurada');

  // The winner is annulled as not located: a substitute waits for a later contest.
  await admin.goto('/admin/contemplado');
  await admin
    .getByRole('button', { name: `Anular ${setup.nome}` })
    .first()
    .click();
  const anular = admin.getByRole('dialog', { name: `Anular ${setup.nome}` });
  await anular.getByRole('combobox', { name: 'Tipo da anulação' }).selectOption({ label: 'Não localizado' });
  await anular.getByLabel(/Motivo da anulação/).fill('Três tentativas de contato sem resposta');
  await expectAccessible(admin);
  await anular.getByRole('button', { name: 'Anular', exact: true }).click();
  await expect(anular).toBeHidden();
  await adminContext.close();

  // The public page: the annulled winner with its type and reason, the pending substitute, the ata.
  await publicPage.reload();
  await expect(publicPage.getByText('Apurada', { exact: true })).toBeVisible();
  const ganhadores = publicPage.getByRole('table', { name: 'Ganhadores' });
  await expect(ganhadores).toContainText('Anulado');
  await expect(ganhadores).toContainText('Não localizado. Motivo: Três tentativas de contato sem resposta');
  const suplentes = publicPage.getByRole('list', { name: 'Suplentes' });
  await expect(suplentes).toContainText(/Aguardando o concurso nº \d+ de \d{2}\/\d{2}\/\d{4}/);
  await expect(suplentes).toContainText('(Não localizado). Motivo: Três tentativas de contato sem resposta');
  await expect(publicPage.getByText(/^Prazo para reclamar o prêmio: \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expectPdf(request, await publicPage.getByRole('link', { name: 'Ata (PDF)' }).getAttribute('href'));
  await expectAccessible(publicPage);
  await visitor.close();
});
